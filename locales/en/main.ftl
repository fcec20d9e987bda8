app-title = Kharbga
app-tagline = The soldiers' game of North Africa. Set your soldiers two at a time, then step, sandwich and capture.
language-switcher = Language
board-label = Kharbga board
# A square as a screen reader announces it: "d4, the Malha, empty".
square-label = { $square }{ $malha ->
        [yes] , the Malha
       *[no] {""}
    }, { $piece ->
        [attacker] Attacker soldier
        [defender] Defender soldier
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
       *[seega9] Seega 9×9
    }
mode-name = { $mode ->
        [hotseat] Two players on this device
        [computer] Against the computer
       *[online] Online, from a shared link (coming soon)
    }
newgame-title = New game
newgame-game = Game
newgame-mode = Mode
newgame-players = Players
newgame-player = { $side ->
        [attacker] Attacker (sets and moves first)
        [defender] Defender
        [first] First player (sets first)
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
        [first-move-block] The Defender could not move after the Attacker's first turn.
        [quiet-limit] Too many moves without a capture: the player with more soldiers wins.
        [repetition] The same position came back three times: the player with more soldiers wins.
        [resignation] The other player resigned.
       *[agreed-draw] Both players agreed to a draw.
    }
result-rematch = Rematch, sides swapped
result-close = Look at the board
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
hint-win = wins in { $n } plies
hint-loss = loses in { $n } plies
hint-score = { $value } soldiers for the side to move

## Saved games (library, replay, links)
nav-library = Library
notice-dismiss = Dismiss
save-set-aside = A saved game ({ $id }) could not be read: it was set aside, and your other games are safe.
save-newer = A saved game ({ $id }) was made by a newer version of the app: it is kept but not shown.
save-full = Storage is full: this game is not being saved, but it stays here while the page is open. Delete some games in the library to make room.
save-unavailable = This browser does not let the app save (private mode?): games last only while the page is open.
link-newer = This link was made by a newer version of the app (format { $version }). Reload the page to get the newest version.
link-bad = This game link cannot be read: { $error }
newgame-position = Start from a position (optional: a position string)
newgame-position-error = This position cannot be used: { $error }
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
library-import-file = Or choose a file
library-import-button = Import
library-import-error = Line { $line }, column { $column }: { $error }
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
