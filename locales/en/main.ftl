app-title = Kharbga
app-tagline = { $game ->
        [seega] Seega: set your soldiers two at a time, the second player steps first, then sandwich and capture, never on the centre square.
        [kharbaga] Kharbaga, on points and lines: step forward, leap to capture, always take the most you can, and crown a Mullah on the far side.
       *[kharbga] The soldiers' game of North Africa. Set your soldiers two at a time, then step, sandwich and capture.
    }
language-switcher = Language
board-label = Kharbga board
# A square as a screen reader announces it: "d4, the Malha, empty".
square-label = { $square }{ $malha ->
        [yes] , the Malha
       *[no] {""}
    }, { $piece ->
        [attacker] Attacker soldier
        [defender] Defender soldier
        [first] First player's soldier
        [second] Second player's soldier
        [first-mullah] First player's Mullah
        [second-mullah] Second player's Mullah
       *[empty] empty
    }{ $state ->
        [dest] , legal destination
        [forced] , must capture again
        [forbidden] , closed
       *[none] {""}
    }
square-forbidden = Closed for now: the Attacker must keep a square next to the Malha.
side-name = { $side ->
        [attacker] Attacker
        [defender] Defender
        [first] First player
       *[second] Second player
    }
player-default = { $side ->
        [attacker] Attacker
        [defender] Defender
        [first] Player 1
       *[second] Player 2
    }
variant-name = { $variant ->
        [kharbga] Kharbga, 7×7
        [seega5] Seega 5×5
        [seega7] Seega 7×7
        [kharbaga] Kharbaga, 5×5 points
       *[seega9] Seega 9×9
    }
mode-name = { $mode ->
        [hotseat] Two players on this device
        [computer] Against the computer
       *[online] Online, with a friend (a link to share)
    }
newgame-title = New game
newgame-game = Game
newgame-mode = Mode
newgame-players = Players
newgame-player = { $side ->
        [attacker] Attacker (sets and moves first)
        [defender] Defender
        [first] First player (sets first)
        [first-moves] First player (moves first)
        [second-plain] Second player
       *[second] Second player (steps first)
    }
newgame-rules = Rules
newgame-defaults = Restore this game's defaults
newgame-start = Start the game
option-quiet = Moves without a capture before the game is decided by count (0 for no limit)
option-chain = Capture chains
option-chain-value = { $value ->
        [compulsory] Compulsory: keep capturing while you can
       *[optional] Optional: you may stop
    }
option-blocked = A player who cannot move
option-blocked-value = { $value ->
        [pass] Passes: the opponent plays again
       *[remove] Removes an enemy soldier
    }
hud-phase = { $phase ->
        [setting] Setting soldiers
        [moving] Moving
       *[over] The game is over
    }
hud-setting = { $side } sets soldier { $n } of 2
hud-to-move = Turn { $turn }: { $side } to move
hud-chain = { $side } must capture again with the soldier on { $square }
hud-chain-optional = { $side } may capture again with the soldier on { $square }, or stop
hud-pass = The { $blocked } is blocked: the { $other } plays again
newgame-clock = Clock
newgame-time-control = Time for each player
newgame-clock-none = No clock
newgame-clock-preset = { $minutes } min + { $seconds } s a move
newgame-clock-custom = Custom…
newgame-clock-minutes = Minutes each
newgame-clock-increment = Seconds added a move
newgame-clock-error = Choose from half a minute to three hours each, and at most 180 seconds a move.
hud-clock = Time left for { $name }: { $time }
replay-clocks = { $first }: { $firstTime } · { $second }: { $secondTime }
hud-on-board = { $count } on the board
hud-in-hand = { $count } to set
hud-quiet = { $count } of { $limit } moves without a capture
exchange-status = { $step ->
        [1] Exchange requested: the Attacker may offer a soldier with a flagged step, or decline with a plain one
        [2] One soldier offered: the Defender confirms with a flagged step of the same soldier
        [3] Confirmed: the Attacker may offer a second soldier with a flagged step
       *[4] Two soldiers offered: the Defender completes the exchange with a flagged step
    }
control-undo = Undo
control-redo = Redo
control-flip = Flip board
control-exchange = Exchange flag on the next step
control-stop = Stop capturing
control-capturable = Show soldiers in danger
control-back = Back to the game
control-resign = Resign
control-draw = Agree a draw
control-new = New game
moves-title = Moves
note-captures = captures { $squares }
note-removed = removes { $squares }
note-exchange = { $kind ->
        [request] exchange requested:
        [offer] offered:
        [confirm] confirmed:
        [done] exchange done, removed:
       *[cancel] exchange cancelled
    } { $squares }
note-pass = { $side } blocked, passes
announce-ply = { $side }: { $ply }
result-winner = { $name } wins
result-draw = Draw
result-reason = { $reason ->
        [no-soldiers] The loser has no soldiers left.
        [no-pieces] The loser has no pieces left.
        [no-moves] The loser had no legal move.
        [draw-quiet-limit] Too many Mullah moves without a capture: a draw.
        [draw-repetition] The same position came back three times: a draw.
        [first-move-block] The Defender could not move after the Attacker's first turn.
        [quiet-limit] Too many moves without a capture: the player with more soldiers wins.
        [repetition] The same position came back three times: the player with more soldiers wins.
        [time] The loser's time ran out.
        [draw-time] Time ran out, but the other player could not have won: a draw.
        [resignation] The other player resigned.
       *[agreed-draw] Both players agreed to a draw.
    }
result-rematch = Rematch, sides swapped
result-close = Look at the board
result-back-to-tournament = Back to the tournament
computer-name = Computer, level { $level }
computer-thinking = The computer is thinking…
newgame-level = The computer's level
newgame-you-play = You play
level-name = { $level ->
        [1] 1 — beginner
        [2] 2 — casual
        [3] 3 — club player
        [4] 4 — strong
       *[5] 5 — strongest
    }
control-hint = Hint
hint-text = Hint: { $ply } ({ $eval })
nav-library = Library
notice-dismiss = Dismiss
save-set-aside-named = The saved game { $first } – { $second } could not be read ({ $reason }): it was set aside, unchanged. { $remaining ->
        [0] No other games are saved.
        [one] Your other saved game is safe.
       *[other] Your { $remaining } other saved games are safe.
    }
save-set-aside-unnamed = A saved game could not be read ({ $reason }): it was set aside, unchanged. { $remaining ->
        [0] No other games are saved.
        [one] Your other saved game is safe.
       *[other] Your { $remaining } other saved games are safe.
    }
save-newer = Some saved games were made by a newer version of the app: they are kept, but not shown here.
save-full = Storage is full: this game is not being saved, but it stays here while the page is open. Delete some games in the library to make room.
save-unavailable = This browser does not let the app save (a private window, or site data turned off): games, settings and puzzle results last only while the page is open.
save-full-at-open = Storage is full: your saved games are all here, but nothing new (games, settings, puzzle results) can be kept until you make room. Delete some games in the library.
save-not-kept-settings = Storage is full: your settings were not saved. They apply while the page is open; delete some games in the library to make room, then set them again.
save-not-kept-learning = Storage is full: your puzzle result and rating were not saved, and will be lost when the page closes. Delete some games in the library to make room.
save-not-kept-reviews = Storage is full: the computer's review was not saved. Delete some games in the library to make room.
save-not-kept-tournaments = Storage is full: the tournament was not saved, and will be lost when the page closes. Delete some games in the library to make room.
save-not-kept-seats = Storage is full: your seat's key in the online tournament was not saved: after a reload you could not return to it. Delete some games in the library to make room, and keep this page open.
save-refused = The browser stopped letting the app save: what you do now lasts only while the page is open.
save-open-library = Open the library
chunk-missing = This part of Kharbga could not be fetched: check the connection.
chunk-retry = Try again
link-newer = This link was made by a newer version of the app (format { $version }). Reload the page to get the newest version.
link-bad = This game link cannot be read: { $error }
newgame-position = Start from a position (optional: a position string)
newgame-position-error = This position cannot be used: { $error }
newgame-editor = Set up a position in the board editor…
study-analyse = Analyse
study-review = Review with the computer
study-edit-position = Edit this position
library-title = Saved games
library-empty = No saved games yet: every game is saved as you play.
library-game-title = { $first } – { $second }
library-result-won = { $name } won
library-result-draw = Draw
library-result-unfinished = Unfinished
library-plies = { $n ->
    [one] { $n } ply
   *[other] { $n } plies
}
library-continue = Continue
library-replay = Replay
library-rename = Rename
library-rename-save = Save the name
library-delete = Delete
library-deleted = “{ $name }” was deleted.
library-undo = Undo
library-export = Download (.txt)
library-copy = Copy
library-copied = Copied
library-import-title = Import a game record
library-import-paste = Paste a record
library-import-file = Or open a record from a file…
library-import-button = Import
library-imported = The game was added to the library.
replay-title = Replay
replay-ply = Ply { $n } of { $total }
replay-start = Start
replay-prev = Back
replay-next = Forward
replay-end = End
replay-setting-end = End of setting
replay-autoplay = Autoplay
replay-pause = Pause
replay-speed = Speed
replay-speed-value = { $speed ->
    [0] Slow
    [1] Normal
   *[other] Fast
}
replay-play-from = Play from here
replay-mode-two = Two players on this device
replay-mode-computer = Against the computer
replay-play-from-button = Play from this position
replay-share = Share link

## The game screen: refusals, browsing, hints, the computer player
nav-label = Main
moves-turn = { $turn }.
hud-browsing = The board after ply { $ply } of { $total }: go back to the game to play.
refusal-malha = The Malha stays empty while the soldiers are set.
refusal-forbidden = Closed for now: the Attacker must keep a square next to the Malha.
refusal-occupied = A soldier already stands there.
refusal-enemy = That soldier is not yours to move: it is the { $side }’s turn.
refusal-blocked = The soldier on { $square } has no free square to step to.
refusal-chain = Only the soldier on { $square } may move now, and only to capture.
refusal-flag = This step cannot carry the exchange flag: turn the flag off to play it as a plain step.
refusal-empty = Tap one of your soldiers, then a square it can step to.
hint-eval-wins = the { $side } wins in { $n ->
        [one] one ply
       *[other] { $n } plies
    }
hint-eval-loses = the { $side } loses in { $n ->
        [one] one ply
       *[other] { $n } plies
    }
hint-eval-even = the position is about even
hint-eval-ahead = the { $side } is ahead by about { $n ->
        [one] one soldier
       *[other] { $n } soldiers
    }
hint-eval-behind = the { $side } is behind by about { $n ->
        [one] one soldier
       *[other] { $n } soldiers
    }
computer-failed = { $reason ->
        [load] The computer player could not start in this browser.
        [silent] The computer player did not answer.
       *[version] The computer player belongs to another version of the app: reload the page.
    } Meanwhile the page plays simple moves for it.
computer-retry = Try again
library-against-computer = against the computer

## Errors, kind by kind
error-position-field-count = A position string has 8 fields separated by spaces; this one has { $found }.
error-position-rank-count = The board has { $found } ranks; it needs 5, 7 or 9.
error-position-rank-length = Rank { $rank } does not describe as many squares as the board is wide.
error-position-rank-digits = Rank { $rank } writes one run of empty squares as two digits.
error-position-rank-character = “{ $character }” in rank { $rank } is not S, s or a digit.
error-position-field = { $field ->
        [side] The side to move
        [hand] The soldiers to set
        [chain] The chain soldier
        [exchange] The exchange state
        [quiet] The quiet count
        [turn] The turn number
       *[first-turn] The first-turn mark
    } cannot be “{ $text }”.
error-position-wrong-size = The board is { $found }×{ $found }, but this game is played on { $expected }×{ $expected }.
error-position-off-board = A soldier stands off the board.
error-position-shared-square = Two soldiers share a square.
error-position-too-many = The { $side } has { $found } soldiers; each player has { $most }.
error-position-turn-zero = The turn number starts at 1.
error-position-setting-state = While soldiers are set there is no chain, exchange or quiet count.
error-position-on-malha = No soldier is set on the Malha.
error-position-captured-while-setting = Nothing is captured while soldiers are set.
error-position-setting-turn = With these soldiers set, it is not the { $side }’s turn to set.
error-position-malha-access = The Attacker can no longer reach a square next to the Malha.
error-position-first-turn = The first-turn mark is only for Kharbga’s first move.
error-position-chain-soldier = The chain soldier on { $square } is not the side to move’s.
error-position-chain-no-capture = The chain soldier on { $square } has no capture left.
error-position-exchange-not-kharbga = Only Kharbga has exchanges.
error-position-exchange-timing = An exchange is never under way during the setting or a chain.
error-position-exchange-turn = The exchange waits for the { $side }.
error-position-exchange-soldier = No Defender soldier on { $square } to exchange.
error-position-exchange-offers = The offered soldiers must be two different Attacker soldiers.
error-position-exchange-too-few = An exchange needs two Attacker soldiers.
error-position-would-have-passed = The { $side }, to move, has no step and would have passed.
error-position-unpromoted = The soldier on { $square } stands on its far rank: there it is a Mullah (use the Mullah).
error-position-already-lost = The { $side } has already lost here. { $reason }
error-position-already-drawn = The game is already over here. { $reason }
error-rules-unknown-variant = “{ $text }” is not a game this app plays ({ $games }).
error-rules-not-key-value = “{ $text }” is not an option written key=value.
error-rules-twice = The option { $key } is given twice.
error-rules-bad-value = The option { $key } cannot be “{ $value }”.
error-rules-unknown-option = “{ $key }” is not an option (quiet, chain, blocked).
error-record = Line { $line }, column { $column }: { $message }
error-record-tag-name = a tag needs a name after “[”.
error-record-tag-value = the tag { $tag } needs a value in quotes.
error-record-tag-escape = only a quote or a backslash may follow a backslash in a tag value.
error-record-tag-unclosed = the value of the tag { $tag } has no closing quote on its line.
error-record-tag-bracket = the tag { $tag } needs a closing “]”.
error-record-tag-twice = the tag { $tag } is given twice.
error-record-no-variant = a record needs a Variant tag.
error-record-variant = { $detail }
error-record-option = the tag { $tag } cannot be “{ $text }”.
error-record-position = the start position cannot be used. { $detail }
error-record-comment-unclosed = this comment has no closing “{"}"}”.
error-record-after-result = nothing may follow the result.
error-record-not-a-ply = “{ $text }” is not a move (a square like c4, a step like d3-d4 or e7-e6*, stop, or a removal like xc4).
error-record-illegal = { $text } is not legal here (the { $side } to move).
error-record-after-end = { $text } comes after the end of the game.
error-record-result-mismatch = the moves end with { $text }, but the Result tag says { $other }.
error-record-bad-result = “{ $text }” is not a result (1-0, 0-1, 1/2-1/2 or *).
error-record-unknown-reason = “{ $text }” is not a way a game ends.
error-record-needs-reason = the result { $text } needs a reason the moves do not reach (resignation, agreed-draw or time).
error-record-contradicts = the moves end the game, but not with the result { $text }.
error-link-newer = it was made by a newer version of the app (format { $number }).
error-link-not-a-link = it is not a game link.
error-link-field-count = it has { $number } parts instead of 7.
error-link-text = a name or the position in it is damaged.
error-link-rules = its rules cannot be read. { $detail }
error-link-position = its start position cannot be used. { $detail }
error-link-ply-code = its moves are damaged.
error-link-not-a-ply = its move { $number } is not a move.
error-link-illegal = its move { $number } ({ $ply }) is not legal there.
error-link-ending = the way its game ends is damaged.
error-saved-unreadable = it is not a saved game
error-saved-fields = some of its fields are missing or wrong
error-saved-record = its game record is damaged: { $detail }
error-saved-newer = it was saved by a newer version of the app (version { $version })

nav-online = Play online
online-create = Create the room
online-your-name = Your name
online-earlier-game = This game was played online with an earlier version of the app: it can be replayed, not continued online.
online-earlier-link = This invitation comes from an earlier version of the app: ask for a new link.
library-online = played online
app-updated = A new version of Kharbga is installed.
app-reload = Reload to use it

# The tutorial's page (learn.html), linked from every page.
nav-learn = Learn
nav-tournaments = Tournaments
control-help = ?
control-help-label = The lesson for this moment of the game
control-rules = Rules

# The settings screen.
nav-settings = Settings
settings-title = Settings
settings-theme = Theme
theme-system = As the system
theme-light = Light
theme-dark = Dark
settings-board = Board
board-wood = Wood
board-stone = Stone
settings-sound = Sound

## Kharbaga: points and lines, leaps, the majority rule, Mullahs
option-quiet-mullah = Quiet Mullah moves in a row before the game is drawn (0 for no limit)
hud-quiet-mullah = { $count } of { $limit } Mullah moves without a capture
hud-must-capture = { $side } must capture { $count ->
        [one] a piece
       *[other] { $count } pieces, the most that can be taken
    }
hud-leaping = { $side } is capturing: tap the next landing point after { $square }
refusal-must-capture = A capture is compulsory: tap one of the ringed pieces.
refusal-majority = The most must be taken: a capture of { $most } is possible, and this piece can take only { $this }.
refusal-leaping = The capture goes on from { $square }: tap the next landing point, or the starting point to start over.
note-promoted = becomes a Mullah on { $square }
