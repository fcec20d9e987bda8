app-title = Kharbga
app-tagline = Le jeu des soldats d'Afrique du Nord. Posez vos soldats deux par deux, puis avancez, prenez en tenaille et capturez.
language-switcher = Langue
board-label = Plateau de Kharbga
square-label = { $square }{ $malha ->
        [yes] , la Malha
       *[no] {""}
    }, { $piece ->
        [attacker] soldat de l'Attaquant
        [defender] soldat du Défenseur
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
       *[seega9] Seega 9×9
    }
mode-name = { $mode ->
        [hotseat] Deux joueurs sur cet appareil
        [computer] Contre l'ordinateur
       *[online] En ligne, par un lien partagé (bientôt)
    }
newgame-title = Nouvelle partie
newgame-game = Jeu
newgame-mode = Mode
newgame-players = Joueurs
newgame-player = { $side ->
        [attacker] Attaquant (pose et joue en premier)
        [defender] Défenseur
        [first] Premier joueur (pose en premier)
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
        [first-move-block] Le Défenseur ne pouvait plus bouger après le premier tour de l'Attaquant.
        [quiet-limit] Trop de coups sans capture : le joueur qui a le plus de soldats gagne.
        [repetition] La même position est revenue trois fois : le joueur qui a le plus de soldats gagne.
        [resignation] L'autre joueur a abandonné.
       *[agreed-draw] Les deux joueurs ont convenu de la nulle.
    }
result-rematch = Revanche, camps échangés
result-close = Voir le plateau
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
hint-win = gagne en { $n } coups
hint-loss = perd en { $n } coups
hint-score = { $value } soldats pour le camp au trait

## Parties enregistrées (bibliothèque, relecture, liens)
nav-library = Bibliothèque
notice-dismiss = Fermer
save-set-aside = Une partie enregistrée ({ $id }) est illisible : elle a été mise de côté, vos autres parties sont intactes.
save-newer = Une partie enregistrée ({ $id }) vient d’une version plus récente de l’application : elle est conservée mais pas affichée.
save-full = Le stockage est plein : cette partie n’est plus enregistrée, mais elle reste ici tant que la page est ouverte. Supprimez des parties dans la bibliothèque pour faire de la place.
save-unavailable = Ce navigateur ne permet pas d’enregistrer (navigation privée ?) : les parties ne durent que le temps de la page.
link-newer = Ce lien a été créé par une version plus récente de l’application (format { $version }). Rechargez la page pour obtenir la dernière version.
link-bad = Ce lien de partie est illisible : { $error }
newgame-position = Partir d’une position (facultatif : une chaîne de position)
newgame-position-error = Cette position est inutilisable : { $error }
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
library-import-file = Ou choisir un fichier
library-import-button = Importer
library-import-error = Ligne { $line }, colonne { $column } : { $error }
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
