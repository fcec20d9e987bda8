# La page des tournois (tournament.html) : des tournois sur un appareil.

tournament-title = Tournois
tournament-none = Aucun tournoi pour l’instant.
tournament-state = { $state ->
        [over] terminé
       *[running] en cours
    }
tournament-new = Nouveau tournoi
tournament-default-name = Tournoi du club
tournament-name = Nom
tournament-format = Formule
tournament-format-name = { $format ->
        [round-robin] Toutes rondes (chacun rencontre chacun)
        [double] Double toutes rondes (deux fois, camps inversés)
       *[swiss] Système suisse (rondes appariées au score)
    }
tournament-rounds = Rondes
tournament-players = Joueurs (de 3 à 32)
tournament-player-n = Joueur { $n }
tournament-person = Une personne sur cet appareil
tournament-kind = Qui joue pour le joueur { $n }
tournament-remove = Retirer le joueur { $n }
tournament-add = Ajouter un joueur
tournament-error = Le tournoi ne peut pas commencer : { $error ->
        [players] il faut de 3 à 32 joueurs.
        [same-name] deux joueurs ont le même nom.
       *[rounds] un suisse compte d’une ronde à deux fois moins de rondes que de joueurs.
    }
tournament-start = Commencer le tournoi
tournament-all = Tous les tournois
tournament-round = Ronde { $round } sur { $rounds }
tournament-over = Le tournoi est terminé.
tournament-bye = exempt
tournament-play = Jouer
tournament-watch = Regarder
tournament-standings = Classement
tournament-crosstable = Grille
tournament-col-player = Joueur
tournament-col-points = Points
tournament-col-sb = Sonneborn-Berger
tournament-col-bh-cut = Buchholz tronqué 1
tournament-col-bh = Buchholz
tournament-col-bh-both = Buchholz tronqué 1 / Buchholz
tournament-export-standings = Classement en texte
tournament-export-games = Toutes les parties (un fichier)
tournament-board = Ronde { $round }, table { $board }
tournament-back = Retour au tournoi
tournament-result = Saisir le résultat
tournament-won = { $name } a gagné
tournament-draw = Partie nulle
tournament-withdraw = Retirer
tournament-withdraw-confirm = Retirer { $name } (les parties restantes sont perdues par forfait)
tournament-withdrawn = retiré·e
