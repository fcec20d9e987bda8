# The online page (online.html): the room, its invitation, offers and chat.

online-title = Online game
online-status = { $status ->
        [connecting] Connecting…
        [searching] Looking for an opponent…
        [waiting] Waiting for your opponent
        [connected] Connected
        [away] Opponent away
        [reconnecting] Connection lost: reconnecting…
        [unreachable] No direct connection possible
        [lost] Connection to the other side lost: waiting for it…
       *[unavailable] Online play cannot load (no network?)
    }
online-watchers = { $count ->
        [one] One spectator
       *[other] { $count } spectators
    }
online-watching = You are watching this game.
online-host-away = The host's page is not in the room: the game is shown from the host's word, once its page comes back.
online-no-path = { $role ->
        [host] Someone opened your invitation, but no direct connection could be made between your two networks. Your invitation stays open for another try. What would help: a relay (TURN) server under Connection settings, another network (Wi-Fi instead of mobile data, or the other way round), or playing by link.
       *[guest] No direct connection to the host could be made: one of your networks (a mobile carrier’s, say) lets none through. What would help: a relay (TURN) server under Connection settings, another network (Wi-Fi instead of mobile data, or the other way round), or asking the host to play by link.
    }
online-path = { $path ->
        [relay] Through a relay
       *[direct] Direct connection
    }{ $rtt ->
        [none] {""}
       *[other] {" · "}{ $rtt } ms
    }
online-relay-stopped = { $stopped }’s page stopped sending the game; following { $followed }’s.
online-lied = { $name } sent two different moves for ply { $ply }, each signed with their own key. This page shows the game { $other } plays; both signed moves are kept with the game’s record as proof.
online-unconfirmed = { $name } says the game is over: { $end ->
        [resignation] { $loser } resigned.
        [agreed-draw] a draw was agreed.
        [draw-time] time ran out, a draw.
       *[time] { $loser }'s time ran out.
    } { $other }'s page has not confirmed it, so the game is not over here.
online-version = The other page runs another version of the game (protocol { $version }): reload both pages.
online-unavailable = Online play needs a network connection. Games against the computer and games by link still work.
online-invite = Send this link to your opponent. The game starts when they join.
online-link = Invitation link
online-share = Share…
online-qr = QR code of the invitation link
online-accept = Accept
online-decline = Decline
online-offer-waiting = { $offer ->
        [draw] Draw offered:
        [takeback] Takeback asked:
       *[rematch] Rematch offered:
    } waiting for the answer.
online-answered = { $accept ->
        [yes] Your opponent accepted.
       *[no] Your opponent declined.
    }
online-join-title = An invitation
online-join-text = { $host } invites you to play { $game } as { $side }.
online-join = Join the game
online-watch = Just watch
chat-title = Chat
chat-mute = Hide the chat
chat-input = A message to your opponent
chat-send = Send
online-quick = Quick game
online-quick-text = Looking for an opponent for { $game }… Keep this page open.
online-cancel = Cancel
online-bylink-offer = No connection? Some networks cannot connect two browsers directly. You can go on by link instead.
online-bylink-start = Play by link
online-bylink-text = After your move, send this link to your opponent by any messenger; their answer comes back the same way. Each link carries the whole game, checked when it is opened.
online-bylink-label = The game as a link
online-link-offer-title = A game sent by link
online-link-offer = { $name } sent you a game of { $game } by link ({ $plies ->
        [0] no move yet
        [one] one move
       *[other] { $plies } moves
    }). You would play { $side }. Keep it in your library and play on?
online-link-offer-keep = Keep it and play on
online-link-offer-leave = Not now
online-warning = A message was ignored: { $kind ->
        [malformed] it could not be read.
        [oversized] it was too long.
        [field] a field was not valid.
        [flood] too many messages at once.
        [not-player] it came from someone who does not play.
        [wrong-side] it was a move for the wrong side.
        [bad-index] it did not follow the moves played.
        [illegal] the move is not legal here.
        [hash] the boards differ; both pages are comparing the game.
        [bad-secret] someone claimed a seat that is not theirs.
        [diverged] the other page's game differs from this one; this one is kept.
        [bad-record] the game sent could not be read.
        [seat-taken] the seat was already taken: you are watching.
        [room-full] the room is full: it takes no more visitors.
        [clock] the other player's clock claimed more time than it had; this page keeps its own count.
        [early-flag] a win on time was claimed while this clock still runs.
        [timed] a game on the clock cannot go on by link.
       *[version] it came from another version.
    }
online-back-to-tournament = ← Back to the tournament
online-tournament-report = { $state ->
        [sending] Sending this game's result to the tournament…
        [waiting] The tournament has your result: it waits for your opponent's report.
        [settled] The tournament has this board's result ({ $score }).
       *[refused] The tournament refused this result: { $why ->
            [room] it was not played in this board's room.
            [players] it is not between this board's players on their sides.
            [record] the game's record does not show that result.
            [disagrees] the board has another result.
           *[other] it is not your board.
        }
    }

# The online game screen's controls and offers, and the new-game form's
# online options.
online-draw-lots = Draw lots for the sides
online-offered = Your opponent { $offer ->
        [draw] offers a draw.
        [takeback] asks to take back their last move.
       *[rematch] offers a rematch.
    }
online-offer-draw = Offer a draw
online-offer-takeback = Ask to take back
online-leave = Leave
online-quick-button = Play a stranger
online-quick-hint = Paired with the next player who presses it, for this game, without a clock.

# The connection settings (the new-game form's online options).
online-settings = Connection settings
online-settings-server = Signalling server (ws:// or wss://)
online-settings-ice = STUN and TURN servers (stun:… turn:…, separated by spaces)
online-settings-username = TURN user name
online-settings-credential = TURN password
online-settings-save = Save
online-settings-saved = Saved: used for the next room.
online-settings-invalid = Not saved: the server must start with ws:// or wss://, and each STUN or TURN server with stun:, stuns:, turn: or turns:.
online-settings-reset = Restore the defaults
