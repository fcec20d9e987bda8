# The tournament page (tournament.html): tournaments on one device.

tournament-title = Tournaments
tournament-none = No tournament yet.
tournament-state = { $state ->
        [over] finished
       *[running] under way
    }
tournament-new = New tournament
tournament-default-name = Club tournament
tournament-name = Name
tournament-format = Format
tournament-format-name = { $format ->
        [round-robin] Round robin (everyone meets everyone)
        [double] Double round robin (twice, sides swapped)
       *[swiss] Swiss (rounds paired by score)
    }
tournament-rounds = Rounds
tournament-players = Players (3 to 32)
tournament-player-n = Player { $n }
tournament-person = A person at this device
tournament-kind = Who plays as player { $n }
tournament-remove = Remove player { $n }
tournament-add = Add a player
tournament-error = The tournament cannot start: { $error ->
        [players] it takes 3 to 32 players.
        [same-name] two players have the same name.
       *[rounds] a Swiss has from one round to half as many rounds as players.
    }
tournament-start = Start the tournament
tournament-all = All tournaments
tournament-round = Round { $round } of { $rounds }
tournament-over = The tournament is over.
tournament-bye = a bye
tournament-play = Play
tournament-watch = Watch
tournament-standings = Standings
tournament-crosstable = Crosstable
tournament-col-player = Player
tournament-col-points = Points
tournament-col-sb = Sonneborn–Berger
tournament-col-bh-cut = Buchholz cut 1
tournament-col-bh = Buchholz
tournament-col-bh-both = Buchholz cut 1 / Buchholz
tournament-export-standings = Standings as text
tournament-export-games = All games (one record file)
tournament-board = Round { $round }, board { $board }
tournament-back = Back to the tournament
tournament-result = Enter the result
tournament-won = { $name } won
tournament-draw = Draw
tournament-withdraw = Withdraw
tournament-withdraw-confirm = Withdraw { $name } (the remaining games are lost by forfeit)
tournament-withdrawn = withdrawn

# Online tournaments, from one link.
tournament-place = Where
tournament-place-name = { $place ->
        [online] Online: players join from a link
       *[here] On this device
    }
tournament-online-hosted = online, organized here
tournament-online-missing = This tournament is not on this device.
tournament-online-bad-link = This link does not name a tournament.
tournament-online-organizer = You organize this tournament: send the link to the players, start when everyone is in.
tournament-online-link = The tournament's link
tournament-online-unavailable = The network cannot be reached: this page keeps trying.
tournament-online-pages = { $n ->
        [one] One page connected
       *[other] { $n } pages connected
    }
tournament-online-entrants = Players in ({ $n })
tournament-online-disputed = the players disagree
tournament-online-left = You left the tournament.
tournament-online-joined = You are in as { $name }. The organizer starts the tournament.
tournament-online-your-board = Round { $round }, board { $board }: you play { $name }, { $side ->
        [first] with the first side
       *[second] with the second side
    }.
tournament-online-bye = You have a bye this round.
tournament-online-join-name = Your name
tournament-online-join = Join the tournament
tournament-online-watching = You are watching this tournament.
tournament-online-refused = { $why ->
        [started] The tournament has started: no more players.
        [full] The tournament is full.
        [name] That name is empty or another player's.
        [not-yours] That is not your board.
        [record] That game's record does not show that result.
        [room] That game was not played in this board's room.
        [players] That game is not between this board's players on their sides.
       *[disagrees] That board has another result.
    }
tournament-online-leave = Leave the tournament
tournament-online-leave-confirm = Leave for good (your remaining games are lost by forfeit)
tournament-online-connected = Connected
tournament-online-waiting = Waiting for the organizer's page…
tournament-online-play = Play your game
tournament-online-followed = online
tournament-online-board-done = Your game has its result: the next round is paired when every board has one.
tournament-online-reported = You reported your game's result ({ $score }): the tournament waits for { $name }'s report.
tournament-online-report-waiting = { $name } reported { $score }; waiting for { $other }.
tournament-online-your-dispute = You and { $name } reported different results: the organizer decides.
tournament-online-remove = Take { $name } off the list
