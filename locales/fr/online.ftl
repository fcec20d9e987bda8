# The online page (online.html): the room, its invitation, offers and chat.

online-title = Partie en ligne
online-status = { $status ->
        [connecting] Connexion…
        [searching] Recherche d’un adversaire…
        [waiting] En attente de votre adversaire
        [connected] Connecté
        [away] Adversaire absent
        [reconnecting] Connexion perdue : reconnexion…
        [unreachable] Aucune connexion directe possible
        [lost] Connexion avec l’autre côté perdue : en attente…
       *[unavailable] Le jeu en ligne ne peut pas se charger (pas de réseau ?)
    }
online-watchers = { $count ->
        [one] Un spectateur
       *[other] { $count } spectateurs
    }
online-watching = Vous regardez cette partie.
online-host-away = La page de l'hôte n'est pas dans la salle : la partie s'affichera d'après l'hôte, quand sa page reviendra.
online-no-path = { $role ->
        [host] Quelqu’un a ouvert votre invitation, mais aucune connexion directe n’a pu être établie entre vos deux réseaux. Votre invitation reste ouverte pour un nouvel essai. Ce qui aiderait : un serveur relais (TURN) dans les Paramètres de connexion, un autre réseau (le Wi-Fi plutôt que les données mobiles, ou l’inverse), ou jouer par lien.
       *[guest] Aucune connexion directe avec l’hôte n’a pu être établie : l’un de vos réseaux (celui d’un opérateur mobile, par exemple) n’en laisse passer aucune. Ce qui aiderait : un serveur relais (TURN) dans les Paramètres de connexion, un autre réseau (le Wi-Fi plutôt que les données mobiles, ou l’inverse), ou demander à l’hôte de jouer par lien.
    }
online-path = { $path ->
        [relay] Par un relais
       *[direct] Connexion directe
    }{ $rtt ->
        [none] {""}
       *[other] {" · "}{ $rtt } ms
    }
online-relay-stopped = La page de { $stopped } n’envoie plus la partie ; on suit celle de { $followed }.
online-lied = { $name } a envoyé deux coups différents pour le demi-coup { $ply }, chacun signé de sa propre clé. Cette page montre la partie que joue { $other } ; les deux coups signés sont gardés avec le relevé de la partie comme preuve.
online-unconfirmed = { $name } dit que la partie est finie : { $end ->
        [resignation] { $loser } a abandonné.
        [agreed-draw] nulle par accord.
        [draw-time] temps écoulé, partie nulle.
       *[time] le temps de { $loser } est écoulé.
    } La page de { $other } ne l'a pas confirmé : la partie n'est pas finie ici.
online-version = L’autre page utilise une autre version du jeu (protocole { $version }) : rechargez les deux pages.
online-unavailable = Le jeu en ligne demande une connexion réseau. Les parties contre l’ordinateur et par lien fonctionnent toujours.
online-invite = Envoyez ce lien à votre adversaire. La partie commence quand il arrive.
online-link = Lien d’invitation
online-share = Partager…
online-qr = Code QR du lien d’invitation
online-accept = Accepter
online-decline = Refuser
online-offer-waiting = { $offer ->
        [draw] Nulle proposée :
        [takeback] Reprise demandée :
       *[rematch] Revanche proposée :
    } en attente de la réponse.
online-answered = { $accept ->
        [yes] Votre adversaire a accepté.
       *[no] Votre adversaire a refusé.
    }
online-join-title = Une invitation
online-join-text = { $host } vous invite à jouer à { $game } : vous seriez { $side }.
online-join = Rejoindre la partie
online-watch = Seulement regarder
chat-title = Discussion
chat-mute = Masquer la discussion
chat-input = Un message à votre adversaire
chat-send = Envoyer
online-quick = Partie rapide
online-quick-text = Recherche d’un adversaire pour { $game }… Gardez cette page ouverte.
online-cancel = Annuler
online-bylink-offer = Pas de connexion ? Certains réseaux ne peuvent pas relier deux navigateurs directement. Vous pouvez continuer par lien.
online-bylink-start = Jouer par lien
online-bylink-text = Après votre coup, envoyez ce lien à votre adversaire par n’importe quelle messagerie ; sa réponse revient de la même façon. Chaque lien porte toute la partie, vérifiée à l’ouverture.
online-bylink-label = La partie sous forme de lien
online-link-offer-title = Une partie envoyée par lien
online-link-offer = { $name } vous a envoyé une partie de { $game } par lien ({ $plies ->
        [0] aucun coup encore
        [one] un coup
       *[other] { $plies } coups
    }). Vous joueriez { $side }. La garder dans votre bibliothèque et la poursuivre ?
online-link-offer-keep = La garder et jouer
online-link-offer-leave = Pas maintenant
online-warning = Un message a été ignoré : { $kind ->
        [malformed] il était illisible.
        [oversized] il était trop long.
        [field] un champ n’était pas valide.
        [flood] trop de messages à la fois.
        [not-player] il venait de quelqu’un qui ne joue pas.
        [wrong-side] c’était un coup pour le mauvais camp.
        [bad-index] il ne suivait pas les coups joués.
        [illegal] ce coup n’est pas légal ici.
        [hash] les plateaux diffèrent ; les deux pages comparent la partie.
        [bad-secret] quelqu’un a réclamé une place qui n’est pas la sienne.
        [diverged] la partie de l’autre page diffère de celle-ci ; celle-ci est gardée.
        [bad-record] la partie envoyée était illisible.
        [seat-taken] la place était déjà prise : vous regardez.
        [room-full] la salle est pleine : elle n’accueille plus de visiteurs.
        [clock] la pendule de l’autre joueur annonçait plus de temps qu’il n’en avait ; cette page garde son propre compte.
        [early-flag] une victoire au temps a été réclamée alors que cette pendule tourne encore.
        [timed] une partie à la pendule ne se poursuit pas par lien.
       *[version] il venait d’une autre version.
    }
online-back-to-tournament = ← Retour au tournoi
online-tournament-report = { $state ->
        [sending] Envoi du résultat de cette partie au tournoi…
        [waiting] Le tournoi a votre résultat : il attend celui de votre adversaire.
        [settled] Le tournoi a le résultat de cette table ({ $score }).
       *[refused] Le tournoi a refusé ce résultat : { $why ->
            [room] la partie n’a pas été jouée dans la salle de cette table.
            [players] elle n’oppose pas les joueurs de cette table dans leurs camps.
            [record] le relevé de la partie ne montre pas ce résultat.
            [disagrees] la table a un autre résultat.
           *[other] ce n’est pas votre table.
        }
    }

# The online game screen's controls and offers, and the new-game form's
# online options.
online-draw-lots = Tirer les camps au sort
online-offered = Votre adversaire { $offer ->
        [draw] propose la nulle.
        [takeback] demande à reprendre son dernier coup.
       *[rematch] propose une revanche.
    }
online-offer-draw = Proposer la nulle
online-offer-takeback = Demander à reprendre
online-leave = Quitter
online-quick-button = Jouer contre un inconnu
online-quick-hint = Vous jouerez contre le prochain joueur qui appuie, pour ce jeu, sans pendule.

# The connection settings (the new-game form's online options).
online-settings = Paramètres de connexion
online-settings-server = Serveur de signalisation (ws:// ou wss://)
online-settings-ice = Serveurs STUN et TURN (stun:… turn:…, séparés par des espaces)
online-settings-username = Nom d’utilisateur TURN
online-settings-credential = Mot de passe TURN
online-settings-save = Enregistrer
online-settings-saved = Enregistré : utilisé pour la prochaine salle.
online-settings-invalid = Non enregistré : le serveur doit commencer par ws:// ou wss://, et chaque serveur STUN ou TURN par stun:, stuns:, turn: ou turns:.
online-settings-reset = Rétablir les valeurs par défaut
