# The study page (study.html): the board editor.
study-title = Board editor
study-hint = Tap a square to put what is chosen below (tap it again to take it away), or drag a piece. On the keyboard: arrow keys to move on the board, Enter to put.
study-brush = A tap puts
study-brush-soldier = { $side }: soldier
study-brush-mullah = { $side }: Mullah
study-brush-erase = Nothing (empties the square)
study-to-move = Side to move
study-phase = Phase
study-phase-value = { $phase ->
        [setting] Setting: soldiers still in hand
       *[moving] Moving: every soldier is set
    }
study-in-hand = In hand: { $first } { $firstcount }, { $second } { $secondcount }
study-quiet = Moves since the last capture
study-quiet-mullah = Mullah moves since the last capture
study-clear = Clear the board
study-start = Start position
study-legal = A legal position: it can be played and shared.
study-illegal = Not a position to play from. { $reason }
study-play = Play from this position…
study-text = Position string (paste a position string or a link to open it here)
study-paste-error = This cannot be opened here: { $error }
study-copy-text = Copy the position string
study-link = Link to this position
study-copy-link = Copy the link

# The analysis board.
analysis-title = Analysis
analysis-bar = Evaluation (the first player's share)
analysis-starting = The computer is looking at the position…
analysis-failed = The computer cannot analyse here: its worker did not start.
analysis-over = The game is over in this position.
analysis-even = The position is about even.
analysis-ahead = The { $side } is ahead by about { $n ->
        [one] one soldier
       *[other] { $n } soldiers
    }.
analysis-wins = The { $side } wins in { $n ->
        [one] one ply
       *[other] { $n } plies
    }.
analysis-depth = Depth { $depth }, { $nodes } positions
analysis-line = Best line:
analysis-game-line = The game
analysis-variation = A variation:
analysis-back = Back to the game line
# The analysis of a position without a game (the board editor's).
analysis-position = An edited position
analysis-back-position = Back to the edited position
# A ply's number in the game's list (the number the review's verdicts give).
analysis-ply-number = { $n }.

# The review.
review-title = Review
review-graph = The evaluation over the game (the first player's share); a point shows its position
review-running = Reviewing: { $done } of { $total } positions, about { $seconds ->
        [one] one second
       *[other] { $seconds } seconds
    } left
review-cancel = Cancel
review-resume = Resume the review ({ $done } of { $total } positions done)
review-judged = { $n }. { $side }: { $ply } — { $judgement ->
        [inaccuracy] an inaccuracy
        [mistake] a mistake
       *[blunder] a blunder
    }
review-better = (better: { $ply })
review-puzzle = Find the better move
review-kind = { $judgement ->
        [inaccuracy] Inaccuracies
        [mistake] Mistakes
       *[blunder] Blunders
    }
review-average = Average loss
review-summary = Each side's inaccuracies, mistakes and blunders, and the soldiers it gave away a move on average, by the computer's count.
