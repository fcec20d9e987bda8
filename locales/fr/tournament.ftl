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

# Tournois en ligne, depuis un lien.
tournament-place = Où
tournament-place-name = { $place ->
        [online] En ligne : les joueurs rejoignent par un lien
       *[here] Sur cet appareil
    }
tournament-online-hosted = en ligne, organisé ici
tournament-online-missing = Ce tournoi n’est pas sur cet appareil.
tournament-online-bad-link = Ce lien ne désigne aucun tournoi.
tournament-online-organizer = Vous organisez ce tournoi : envoyez le lien aux joueurs, lancez-le quand tout le monde est inscrit.
tournament-online-link = Le lien du tournoi
tournament-online-unavailable = Le réseau est injoignable : cette page réessaie.
tournament-online-pages = { $n ->
        [one] Une page connectée
       *[other] { $n } pages connectées
    }
tournament-online-entrants = Joueurs inscrits ({ $n })
tournament-online-disputed = les joueurs ne sont pas d’accord
tournament-online-left = Vous avez quitté le tournoi.
tournament-online-joined = Vous êtes inscrit·e sous le nom { $name }. L’organisateur lance le tournoi.
tournament-online-your-board = Ronde { $round }, table { $board } : vous jouez contre { $name }, { $side ->
        [first] avec le premier camp
       *[second] avec le second camp
    }.
tournament-online-bye = Vous êtes exempt·e à cette ronde.
tournament-online-join-name = Votre nom
tournament-online-join = Rejoindre le tournoi
tournament-online-watching = Vous regardez ce tournoi.
tournament-online-refused = { $why ->
        [started] Le tournoi a commencé : plus d’inscriptions.
        [full] Le tournoi est complet.
        [name] Ce nom est vide ou déjà pris.
        [not-yours] Ce n’est pas votre table.
        [record] La partie ne montre pas ce résultat.
        [room] Cette partie n’a pas été jouée dans la salle de cette table.
        [players] Cette partie n’oppose pas les joueurs de cette table dans leurs camps.
       *[disagrees] Cette table a un autre résultat.
    }
tournament-online-leave = Quitter le tournoi
tournament-online-leave-confirm = Quitter pour de bon (vos parties restantes sont perdues par forfait)
tournament-online-connected = Connecté
tournament-online-waiting = En attente de la page de l’organisateur…
tournament-online-play = Jouer votre partie
tournament-online-followed = en ligne
tournament-online-board-done = Votre partie a son résultat : la ronde suivante est appariée quand toutes les tables ont le leur.
tournament-online-reported = Vous avez donné le résultat de votre partie ({ $score }) : le tournoi attend celui de { $name }.
tournament-online-report-waiting = { $name } a donné { $score } ; en attente de { $other }.
tournament-online-your-dispute = Vous et { $name } avez donné des résultats différents : l’organisateur tranche.
tournament-online-remove = Retirer { $name } de la liste
