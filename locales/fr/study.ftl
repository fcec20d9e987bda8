# La page d’étude (study.html) : l’éditeur de position.
study-title = Éditeur de position
study-hint = Touchez une case pour y mettre ce qui est choisi ci-dessous (touchez-la encore pour l’enlever), ou faites glisser une pièce. Au clavier : les flèches pour se déplacer sur le plateau, Entrée pour poser.
study-brush = Un toucher pose
study-brush-soldier = { $side } : soldat
study-brush-mullah = { $side } : Mollah
study-brush-erase = Rien (vide la case)
study-to-move = Camp au trait
study-phase = Phase
study-phase-value = { $phase ->
        [setting] Placement : des soldats restent en main
       *[moving] Déplacement : tous les soldats sont posés
    }
study-in-hand = En main : { $first } { $firstcount }, { $second } { $secondcount }
study-quiet = Coups depuis la dernière capture
study-quiet-mullah = Coups de Mollah depuis la dernière capture
study-clear = Vider le plateau
study-start = Position de départ
study-legal = Une position légale : elle peut être jouée et partagée.
study-illegal = On ne peut pas jouer depuis cette position. { $reason }
study-play = Jouer depuis cette position…
study-text = Chaîne de position (collez une chaîne de position ou un lien pour l’ouvrir ici)
study-paste-error = Impossible d’ouvrir ceci ici : { $error }
study-copy-text = Copier la chaîne de position
study-link = Lien vers cette position
study-copy-link = Copier le lien

# L’échiquier d’analyse.
analysis-title = Analyse
analysis-bar = Évaluation (la part du premier joueur)
analysis-starting = L’ordinateur examine la position…
analysis-failed = L’ordinateur ne peut pas analyser ici : son worker n’a pas démarré.
analysis-over = La partie est finie dans cette position.
analysis-even = La position est à peu près égale.
analysis-ahead = { $side } a environ { $n ->
        [one] un soldat
       *[other] { $n } soldats
    } d’avance.
analysis-wins = { $side } gagne en { $n ->
        [one] un coup
       *[other] { $n } coups
    }.
analysis-depth = Profondeur { $depth }, { $nodes } positions
analysis-line = Meilleure suite :
analysis-game-line = La partie
analysis-variation = Une variante :
analysis-back = Revenir à la partie
analysis-position = Une position de l’éditeur
analysis-back-position = Revenir à la position de l’éditeur
analysis-ply-number = { $n }.

# La revue.
review-title = Revue
review-graph = L’évaluation au fil de la partie (la part du premier joueur) ; un point montre sa position
review-running = Revue : { $done } positions sur { $total }, encore { $seconds ->
        [one] une seconde
       *[other] { $seconds } secondes
    } environ
review-cancel = Annuler
review-resume = Reprendre la revue ({ $done } positions sur { $total } faites)
review-judged = { $n }. { $side } : { $ply } — { $judgement ->
        [inaccuracy] une imprécision
        [mistake] une erreur
       *[blunder] une gaffe
    }
review-better = (mieux : { $ply })
review-puzzle = Trouver le meilleur coup
review-kind = { $judgement ->
        [inaccuracy] Imprécisions
        [mistake] Erreurs
       *[blunder] Gaffes
    }
review-average = Perte moyenne
review-summary = Les imprécisions, erreurs et gaffes de chaque camp, et les soldats perdus en moyenne à chaque coup, selon l’ordinateur.
