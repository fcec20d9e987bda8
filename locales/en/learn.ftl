# The tutorial (learn.html): lesson titles, one-line intros, step captions,
# and what is said when a legal ply misses the step's goal.

lesson-first-move = The first move
lesson-first-move-intro = The Attacker opens the game by stepping into the Malha.
lesson-first-move-1 = The board is full but for the Malha. The Attacker moves first, into the Malha.
lesson-first-move-2 = Your turn: step into the Malha and capture three Defender soldiers.
lesson-first-move-wrong = That step captures fewer than three.
lesson-chain = The capture chain
lesson-chain-intro = After a capture, the same soldier must go on capturing.
lesson-chain-1 = d3-d4 took three soldiers, and d4 can capture again: the chain goes on.
lesson-chain-2 = Your turn: step back to d3, capturing again.
lesson-chain-wrong = Only the chain soldier may move, and only to capture.
