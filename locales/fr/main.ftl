app-title = Kharbga
app-tagline = { $game ->
        [seega] La Seega : posez vos soldats deux par deux, le second joueur avance le premier, puis prenez en tenaille, jamais sur la case centrale.
        [kharbaga] La Kharbaga, sur des points et des lignes : avancez, sautez pour prendre, prenez toujours le plus possible, et couronnez un Mollah sur la dernière rangée.
       *[kharbga] Le jeu des soldats d'Afrique du Nord. Posez vos soldats deux par deux, puis avancez, prenez en tenaille et capturez.
    }
language-switcher = Langue
board-label = Plateau de Kharbga
square-label = { $square }{ $malha ->
        [yes] , la Malha
       *[no] {""}
    }, { $piece ->
        [attacker] soldat de l'Attaquant
        [defender] soldat du Défenseur
        [first] soldat du premier joueur
        [second] soldat du second joueur
        [first-mullah] Mollah du premier joueur
        [second-mullah] Mollah du second joueur
       *[empty] vide
    }{ $state ->
        [dest] , destination possible
        [forced] , doit encore capturer
        [forbidden] , fermée
       *[none] {""}
    }
square-forbidden = Fermée pour l'instant : l'Attaquant doit garder une case voisine de la Malha.
side-name = { $side ->
        [attacker] Attaquant
        [defender] Défenseur
        [first] Premier joueur
       *[second] Second joueur
    }
player-default = { $side ->
        [attacker] Attaquant
        [defender] Défenseur
        [first] Joueur 1
       *[second] Joueur 2
    }
variant-name = { $variant ->
        [kharbga] Kharbga, 7×7
        [seega5] Seega 5×5
        [seega7] Seega 7×7
        [kharbaga] Kharbaga, 5×5 points
       *[seega9] Seega 9×9
    }
mode-name = { $mode ->
        [hotseat] Deux joueurs sur cet appareil
        [computer] Contre l'ordinateur
       *[online] En ligne, avec un ami (un lien à partager)
    }
newgame-title = Nouvelle partie
newgame-game = Jeu
newgame-mode = Mode
newgame-players = Joueurs
newgame-player = { $side ->
        [attacker] Attaquant (pose et joue en premier)
        [defender] Défenseur
        [first] Premier joueur (pose en premier)
        [first-moves] Premier joueur (joue en premier)
        [second-plain] Second joueur
       *[second] Second joueur (avance en premier)
    }
newgame-rules = Règles
newgame-defaults = Revenir aux règles de ce jeu
newgame-start = Commencer la partie
option-quiet = Coups sans capture avant que le nombre de soldats ne décide (0 : sans limite)
option-chain = Captures en chaîne
option-chain-value = { $value ->
        [compulsory] Obligatoires : capturer tant qu'on peut
       *[optional] Facultatives : on peut s'arrêter
    }
option-blocked = Un joueur qui ne peut pas bouger
option-blocked-value = { $value ->
        [pass] Passe : l'adversaire rejoue
       *[remove] Retire un soldat adverse
    }
hud-phase = { $phase ->
        [setting] Pose des soldats
        [moving] Déplacements
       *[over] La partie est finie
    }
hud-setting = { $side } pose le soldat { $n } sur 2
hud-to-move = Tour { $turn } : au tour de { $side }
hud-chain = { $side } doit encore capturer avec le soldat en { $square }
hud-chain-optional = { $side } peut encore capturer avec le soldat en { $square }, ou s'arrêter
hud-pass = { $blocked } est bloqué : { $other } rejoue
newgame-clock = Pendule
newgame-time-control = Temps de chaque joueur
newgame-clock-none = Sans pendule
newgame-clock-preset = { $minutes } min + { $seconds } s par coup
newgame-clock-custom = Personnalisé…
newgame-clock-minutes = Minutes chacun
newgame-clock-increment = Secondes ajoutées par coup
newgame-clock-error = Choisissez d'une demi-minute à trois heures chacun, et au plus 180 secondes par coup.
hud-clock = Temps restant pour { $name } : { $time }
replay-clocks = { $first } : { $firstTime } · { $second } : { $secondTime }
hud-on-board = { $count } sur le plateau
hud-in-hand = { $count } à poser
hud-quiet = { $count } coups sur { $limit } sans capture
exchange-status = { $step ->
        [1] Échange demandé : l'Attaquant peut offrir un soldat par un pas marqué, ou refuser par un pas simple
        [2] Un soldat offert : le Défenseur confirme par un pas marqué du même soldat
        [3] Confirmé : l'Attaquant peut offrir un second soldat par un pas marqué
       *[4] Deux soldats offerts : le Défenseur conclut l'échange par un pas marqué
    }
control-undo = Annuler
control-redo = Rétablir
control-flip = Retourner le plateau
control-exchange = Marquer le prochain pas pour l'échange
control-stop = Arrêter de capturer
control-capturable = Montrer les soldats menacés
control-back = Revenir à la partie
control-resign = Abandonner
control-draw = Convenir de la nulle
control-new = Nouvelle partie
moves-title = Coups
note-captures = prend { $squares }
note-removed = retire { $squares }
note-exchange = { $kind ->
        [request] échange demandé :
        [offer] offre :
        [confirm] confirmé :
        [done] échange conclu, retirés :
       *[cancel] échange annulé
    } { $squares }
note-pass = { $side } bloqué, passe
announce-ply = { $side } : { $ply }
result-winner = { $name } gagne
result-draw = Partie nulle
result-reason = { $reason ->
        [no-soldiers] Le perdant n'a plus de soldats.
        [no-pieces] Le perdant n'a plus de pièces.
        [no-moves] Le perdant n'avait plus de coup légal.
        [draw-quiet-limit] Trop de coups de Mollah sans capture : partie nulle.
        [draw-repetition] La même position est revenue trois fois : partie nulle.
        [first-move-block] Le Défenseur ne pouvait plus bouger après le premier tour de l'Attaquant.
        [quiet-limit] Trop de coups sans capture : le joueur qui a le plus de soldats gagne.
        [repetition] La même position est revenue trois fois : le joueur qui a le plus de soldats gagne.
        [time] Le temps du perdant est écoulé.
        [draw-time] Le temps est écoulé, mais l'autre joueur ne pouvait plus gagner : partie nulle.
        [resignation] L'autre joueur a abandonné.
       *[agreed-draw] Les deux joueurs ont convenu de la nulle.
    }
result-rematch = Revanche, camps échangés
result-close = Voir le plateau
result-back-to-tournament = Retour au tournoi
computer-name = Ordinateur, niveau { $level }
computer-thinking = L'ordinateur réfléchit…
newgame-level = Niveau de l'ordinateur
newgame-you-play = Vous jouez
level-name = { $level ->
        [1] 1 — débutant
        [2] 2 — amateur
        [3] 3 — joueur de club
        [4] 4 — fort
       *[5] 5 — le plus fort
    }
control-hint = Conseil
hint-text = Conseil : { $ply } ({ $eval })
nav-library = Bibliothèque
notice-dismiss = Fermer
save-set-aside-named = La partie enregistrée { $first } – { $second } est illisible ({ $reason }) : elle a été mise de côté, intacte. { $remaining ->
        [0] Aucune autre partie n’est enregistrée.
        [one] Votre autre partie enregistrée est intacte.
       *[other] Vos { $remaining } autres parties enregistrées sont intactes.
    }
save-set-aside-unnamed = Une partie enregistrée est illisible ({ $reason }) : elle a été mise de côté, intacte. { $remaining ->
        [0] Aucune autre partie n’est enregistrée.
        [one] Votre autre partie enregistrée est intacte.
       *[other] Vos { $remaining } autres parties enregistrées sont intactes.
    }
save-newer = Des parties enregistrées viennent d’une version plus récente de l’application : elles sont conservées, mais pas affichées ici.
save-full = Le stockage est plein : cette partie n’est plus enregistrée, mais elle reste ici tant que la page est ouverte. Supprimez des parties dans la bibliothèque pour faire de la place.
save-unavailable = Ce navigateur ne permet pas d’enregistrer (fenêtre privée, ou données des sites désactivées) : parties, réglages et résultats des problèmes ne durent que le temps de la page.
save-full-at-open = Le stockage est plein : vos parties enregistrées sont toutes là, mais rien de nouveau (parties, réglages, résultats des problèmes) ne peut être gardé tant que vous ne faites pas de place. Supprimez des parties dans la bibliothèque.
save-not-kept-settings = Le stockage est plein : vos réglages n’ont pas été enregistrés. Ils valent tant que la page est ouverte ; supprimez des parties dans la bibliothèque pour faire de la place, puis refaites-les.
save-not-kept-learning = Le stockage est plein : votre résultat et votre classement aux problèmes n’ont pas été enregistrés, et seront perdus à la fermeture de la page. Supprimez des parties dans la bibliothèque pour faire de la place.
save-not-kept-reviews = Le stockage est plein : l’analyse de l’ordinateur n’a pas été enregistrée. Supprimez des parties dans la bibliothèque pour faire de la place.
save-not-kept-tournaments = Le stockage est plein : le tournoi n’a pas été enregistré, et sera perdu à la fermeture de la page. Supprimez des parties dans la bibliothèque pour faire de la place.
save-not-kept-seats = Le stockage est plein : la clé de votre place dans le tournoi en ligne n’a pas été enregistrée : après un rechargement, vous ne pourriez pas y revenir. Supprimez des parties dans la bibliothèque pour faire de la place, et gardez cette page ouverte.
save-refused = Le navigateur ne laisse plus l’application enregistrer : ce que vous faites maintenant ne dure que le temps de la page.
save-open-library = Ouvrir la bibliothèque
chunk-missing = Cette partie de Kharbga n’a pas pu être chargée : vérifiez la connexion.
chunk-retry = Réessayer
link-newer = Ce lien a été créé par une version plus récente de l’application (format { $version }). Rechargez la page pour obtenir la dernière version.
link-bad = Ce lien de partie est illisible : { $error }
newgame-position = Partir d’une position (facultatif : une chaîne de position)
newgame-position-error = Cette position est inutilisable : { $error }
newgame-editor = Composer une position dans l’éditeur…
study-analyse = Analyser
study-review = Faire analyser la partie par l’ordinateur
study-edit-position = Modifier cette position
library-title = Parties enregistrées
library-empty = Aucune partie enregistrée : chaque partie est enregistrée au fil du jeu.
library-game-title = { $first } – { $second }
library-result-won = { $name } a gagné
library-result-draw = Nulle
library-result-unfinished = Inachevée
library-plies = { $n ->
    [one] { $n } coup
   *[other] { $n } coups
}
library-continue = Reprendre
library-replay = Revoir
library-rename = Renommer
library-rename-save = Enregistrer le nom
library-delete = Supprimer
library-deleted = « { $name } » a été supprimée.
library-undo = Annuler
library-export = Télécharger (.txt)
library-copy = Copier
library-copied = Copié
library-import-title = Importer une partie
library-import-paste = Coller une notation
library-import-file = Ou ouvrir une partie depuis un fichier…
library-import-button = Importer
library-imported = La partie a été ajoutée à la bibliothèque.
replay-title = Relecture
replay-ply = Coup { $n } sur { $total }
replay-start = Début
replay-prev = Reculer
replay-next = Avancer
replay-end = Fin
replay-setting-end = Fin de la pose
replay-autoplay = Lecture automatique
replay-pause = Pause
replay-speed = Vitesse
replay-speed-value = { $speed ->
    [0] Lente
    [1] Normale
   *[other] Rapide
}
replay-play-from = Jouer à partir d’ici
replay-mode-two = Deux joueurs sur cet appareil
replay-mode-computer = Contre l’ordinateur
replay-play-from-button = Jouer depuis cette position
replay-share = Lien de partage

## L’écran de jeu : refus, consultation, conseils, l’ordinateur
nav-label = Principal
moves-turn = { $turn }.
hud-browsing = Le plateau après le coup { $ply } sur { $total } : revenez à la partie pour jouer.
refusal-malha = La Malha reste vide pendant la pose des soldats.
refusal-forbidden = Fermée pour l’instant : l’Attaquant doit garder une case voisine de la Malha.
refusal-occupied = Un soldat occupe déjà cette case.
refusal-enemy = Ce soldat n’est pas à vous : c’est au tour de { $side }.
refusal-blocked = Le soldat en { $square } n’a aucune case libre où avancer.
refusal-chain = Seul le soldat en { $square } peut bouger, et seulement pour capturer.
refusal-flag = Ce pas ne peut pas porter la marque d’échange : retirez la marque pour le jouer comme un pas simple.
refusal-empty = Touchez un de vos soldats, puis une case où il peut aller.
hint-eval-wins = { $side } gagne en { $n ->
        [one] un coup
       *[other] { $n } coups
    }
hint-eval-loses = { $side } perd en { $n ->
        [one] un coup
       *[other] { $n } coups
    }
hint-eval-even = la position est à peu près égale
hint-eval-ahead = { $side } a environ { $n ->
        [one] un soldat
       *[other] { $n } soldats
    } d’avance
hint-eval-behind = { $side } a environ { $n ->
        [one] un soldat
       *[other] { $n } soldats
    } de retard
computer-failed = { $reason ->
        [load] L’ordinateur n’a pas pu démarrer dans ce navigateur.
        [silent] L’ordinateur n’a pas répondu.
       *[version] L’ordinateur appartient à une autre version de l’application : rechargez la page.
    } En attendant, la page joue pour lui des coups simples.
computer-retry = Réessayer
library-against-computer = contre l’ordinateur

## Les erreurs, une par une
error-position-field-count = Une chaîne de position a 8 champs séparés par des espaces ; celle-ci en a { $found }.
error-position-rank-count = Le plateau a { $found } rangées ; il en faut 5, 7 ou 9.
error-position-rank-length = La rangée { $rank } ne décrit pas autant de cases que le plateau est large.
error-position-rank-digits = La rangée { $rank } écrit une suite de cases vides en deux chiffres.
error-position-rank-character = « { $character } » dans la rangée { $rank } n’est ni S, ni s, ni un chiffre.
error-position-field = { $field ->
        [side] Le camp au trait
        [hand] Le nombre de soldats à poser
        [chain] Le soldat de la chaîne
        [exchange] L’état de l’échange
        [quiet] Le compte des coups sans capture
        [turn] Le numéro du tour
       *[first-turn] La marque du premier tour
    } ne peut pas être « { $text } ».
error-position-wrong-size = Le plateau fait { $found }×{ $found }, mais ce jeu se joue sur { $expected }×{ $expected }.
error-position-off-board = Un soldat est hors du plateau.
error-position-shared-square = Deux soldats sont sur la même case.
error-position-too-many = { $side } a { $found } soldats ; chaque joueur en a { $most }.
error-position-turn-zero = Le numéro du tour commence à 1.
error-position-setting-state = Pendant la pose, il n’y a ni chaîne, ni échange, ni compte de coups sans capture.
error-position-on-malha = Aucun soldat n’est posé sur la Malha.
error-position-captured-while-setting = Rien n’est capturé pendant la pose.
error-position-setting-turn = Avec ces soldats posés, ce n’est pas à { $side } de poser.
error-position-malha-access = L’Attaquant ne peut plus atteindre une case voisine de la Malha.
error-position-first-turn = La marque du premier tour ne sert qu’au premier coup de la Kharbga.
error-position-chain-soldier = Le soldat de la chaîne en { $square } n’est pas au camp au trait.
error-position-chain-no-capture = Le soldat de la chaîne en { $square } n’a plus de capture.
error-position-exchange-not-kharbga = Seule la Kharbga connaît l’échange.
error-position-exchange-timing = Aucun échange n’a lieu pendant la pose ou une chaîne.
error-position-exchange-turn = L’échange attend { $side }.
error-position-exchange-soldier = Aucun soldat du Défenseur en { $square } à échanger.
error-position-exchange-offers = Les soldats offerts doivent être deux soldats différents de l’Attaquant.
error-position-exchange-too-few = Un échange demande deux soldats de l’Attaquant.
error-position-would-have-passed = { $side }, au trait, n’a aucun pas possible et aurait passé.
error-position-unpromoted = Le soldat en { $square } est sur sa dernière rangée : il y est un Mollah (posez un Mollah).
error-position-already-lost = { $side } a déjà perdu ici. { $reason }
error-position-already-drawn = La partie est déjà finie ici. { $reason }
error-rules-unknown-variant = « { $text } » n’est pas un jeu de l’application ({ $games }).
error-rules-not-key-value = « { $text } » n’est pas une option écrite clé=valeur.
error-rules-twice = L’option { $key } est donnée deux fois.
error-rules-bad-value = L’option { $key } ne peut pas valoir « { $value } ».
error-rules-unknown-option = « { $key } » n’est pas une option (quiet, chain, blocked).
error-record = Ligne { $line }, colonne { $column } : { $message }
error-record-tag-name = une étiquette a besoin d’un nom après « [ ».
error-record-tag-value = l’étiquette { $tag } a besoin d’une valeur entre guillemets.
error-record-tag-escape = seuls un guillemet ou une barre oblique inverse peuvent suivre une barre oblique inverse.
error-record-tag-unclosed = la valeur de l’étiquette { $tag } n’a pas de guillemet fermant sur sa ligne.
error-record-tag-bracket = l’étiquette { $tag } a besoin d’un « ] » fermant.
error-record-tag-twice = l’étiquette { $tag } est donnée deux fois.
error-record-no-variant = une notation a besoin d’une étiquette Variant.
error-record-variant = { $detail }
error-record-option = l’étiquette { $tag } ne peut pas valoir « { $text } ».
error-record-position = la position de départ est inutilisable. { $detail }
error-record-comment-unclosed = ce commentaire n’a pas de « {"}"} » fermant.
error-record-after-result = rien ne peut suivre le résultat.
error-record-not-a-ply = « { $text } » n’est pas un coup (une case comme c4, un pas comme d3-d4 ou e7-e6*, stop, ou un retrait comme xc4).
error-record-illegal = { $text } n’est pas permis ici ({ $side } au trait).
error-record-after-end = { $text } vient après la fin de la partie.
error-record-result-mismatch = les coups finissent par { $text }, mais l’étiquette Result dit { $other }.
error-record-bad-result = « { $text } » n’est pas un résultat (1-0, 0-1, 1/2-1/2 ou *).
error-record-unknown-reason = « { $text } » n’est pas une façon de finir une partie.
error-record-needs-reason = le résultat { $text } demande une raison que les coups n’atteignent pas (abandon, nulle convenue ou temps écoulé).
error-record-contradicts = les coups finissent la partie, mais pas avec le résultat { $text }.
error-link-newer = il a été créé par une version plus récente de l’application (format { $number }).
error-link-not-a-link = ce n’est pas un lien de partie.
error-link-field-count = il a { $number } parties au lieu de 7.
error-link-text = un nom ou sa position est abîmé.
error-link-rules = ses règles sont illisibles. { $detail }
error-link-position = sa position de départ est inutilisable. { $detail }
error-link-ply-code = ses coups sont abîmés.
error-link-not-a-ply = son coup { $number } n’est pas un coup.
error-link-illegal = son coup { $number } ({ $ply }) n’est pas permis à cet endroit.
error-link-ending = la fin de sa partie est abîmée.
error-saved-unreadable = ce n’est pas une partie enregistrée
error-saved-fields = certains de ses champs manquent ou sont faux
error-saved-record = sa notation est abîmée : { $detail }
error-saved-newer = elle a été enregistrée par une version plus récente de l’application (version { $version })

nav-online = Jouer en ligne
online-create = Créer la salle
online-your-name = Votre nom
online-earlier-game = Cette partie a été jouée en ligne avec une version antérieure de l’application : elle peut être rejouée, pas poursuivie en ligne.
online-earlier-link = Cette invitation vient d’une version antérieure de l’application : demandez un nouveau lien.
library-online = joué en ligne
app-updated = Une nouvelle version de Kharbga est installée.
app-reload = Recharger pour l’utiliser

# The tutorial's page (learn.html), linked from every page.
nav-learn = Apprendre
nav-tournaments = Tournois
control-help = ?
control-help-label = La leçon pour ce moment de la partie
control-rules = Règles

# The settings screen.
nav-settings = Réglages
settings-title = Réglages
settings-theme = Thème
theme-system = Comme le système
theme-light = Clair
theme-dark = Sombre
settings-board = Plateau
board-wood = Bois
board-stone = Pierre
settings-sound = Son

## Kharbaga : points et lignes, sauts, la règle de la majorité, Mollahs
option-quiet-mullah = Coups de Mollah sans capture d'affilée avant la partie nulle (0 : sans limite)
hud-quiet-mullah = { $count } coups de Mollah sur { $limit } sans capture
hud-must-capture = { $side } doit prendre { $count ->
        [one] une pièce
       *[other] { $count } pièces, le plus possible
    }
hud-leaping = { $side } est en train de prendre : touchez le point d'arrivée suivant après { $square }
refusal-must-capture = La prise est obligatoire : touchez une des pièces cerclées.
refusal-majority = Il faut prendre le plus : une prise de { $most } est possible, et cette pièce n'en prend que { $this }.
refusal-leaping = La prise continue depuis { $square } : touchez le point d'arrivée suivant, ou le point de départ pour recommencer.
note-promoted = devient Mollah en { $square }
