// Scripted games, found by random play with the engine and checked by it
// (`kharbga-cli batch` answers the results below for these plies).

// Kharbga, 217 plies: a triple capture, capture chains, an automatic pass and
// a completed exchange; the Attacker wins, the Defender having no soldiers left.
export const KHARBGA_GAME = {
  plies: 'c4 b5 d5 a5 c6 c1 c7 d7 f3 a1 a6 f1 d2 e6 a7 b2 g1 f6 g2 f2 b4 b6 e7 a4 d6 g4 e4 b1 g5 f7 d1 b7 a2 g7 c3 a3 e3 e2 e5 f5 d3 c5 e1 f4 b3 c2 g3 g6 c4-d4 d4-c4 e4-d4 e3-e4 e4-f4 d3-d4 d4-e4 d2-d3 d1-d2 d2-d1 d3-d4 e1-e2* f4-f5* e2-e1* d4-d5* e1-e2* e4-e3 d1-c1* f6-f5 f2-e2 b3-c3 e2-e1* e6-e5* g6-f6 c3-c2 e1-d1 c4-d4 d1-e1 b4-b3 e7-e6 f7-e7 e7-f7 e1-d1 b3-c3 d1-d2 e3-e2 e2-e1 b1-b2 e1-d1 g2-f2 d4-c4 b2-b1 g1-f1 g3-g2 d6-e6 g2-g1 b5-b4 a5-b5 g5-g6 a3-b3 a2-b2 a4-a5* c4-b4 g1-g2 c6-b6 a5-b5 f3-e3 b5-b6 e6-f6 g2-f2 e3-f3 b6-c6 f3-e3 a6-b6* b2-b3 c6-d6 e5-d5 b6-a6* c3-d3* a6-b6 f5-g5 c7-c6* b4-a4* c6-c7* a1-a2 a7-a6 a4-a5 d6-c6* f1-g1 b7-a7* g5-f5* d7-d6 g4-f4 b1-a1 f7-e7 a7-b7* c2-b2 c1-c2 e7-d7 c2-c1 b2-b1 b7-a7* g1-g2* a7-b7* b3-b4* b7-a7* f5-e5 c7-b7* d7-c7 a6-a7* a2-b2 b6-a6* f6-f7 b7-b6 d1-d2 b6-b5 c5-c4 b5-c5 a5-b5 a6-a5 f7-f6 a7-a6 c4-d4 a6-b6 c7-b7 a5-a6 d2-d1 a6-a7* f6-e6* a1-a2 e6-d6 a2-a1* b5-c5* a1-a2 b7-b6 a2-a1 b2-b3 a1-a2 g7-f7 a2-b2 d1-e1 a7-b7 f4-g4 b7-a7* e1-e2 a7-a6 b6-c6 b2-a2 e2-d2 a6-a5 d4-c4 a2-a1 d3-d4 a1-a2 g6-g5 a5-a4 f7-g7 a2-a3* d6-d7 a4-a5 d4-d3 a3-a2 d3-c3 a5-a4 e5-f5 a4-a5 d2-e2 a5-a4 f5-f6 a2-a3* d5-e5 a3-a2 c6-b6 a4-b4 e5-d5 a2-b2 c3-b3 b4-b5 c4-b4',
  winner: 'first',
  reason: 'no-soldiers',
};

// Seega 5×5, 76 plies, with a chain stopped early; the first player wins.
export const SEEGA5_GAME = {
  plies: 'b1 d2 c4 d3 a4 b4 c5 c2 b3 b5 a1 e4 d1 e5 c1 b2 a2 e1 d5 a3 d4 a5 e3 e2 d3-c3 c3-d3 b4-b3 b3-b2 a3-b3 a4-b4 c1-c2 stop b4-b3 d3-d4 d1-d2 c4-b4 d2-c2 b4-a4 a2-a3 e2-d2 c2-c3 d2-d3 b3-b4 e3-e2 c3-c4 d3-e3 a3-a4 e3-d3 b2-b3 d3-c3 b1-b2 e4-e3 b2-a2 e3-e4 b3-a3 c3-d3 b4-b3 d3-e3 a4-b4 c5-c4 b5-c5 d4-d5 c5-b5 a1-b1 b5-c5 b1-b2 b3-c3 stop e4-d4 e5-e4 d4-d3 c3-c2 d3-d4 b4-c4 e2-d2 e1-e2',
  winner: 'first',
  reason: 'no-soldiers',
};

// The same game's setting, and its first two steps (for the drag tests).
export const SEEGA5_SETTING = {
  plies: SEEGA5_GAME.plies.split(' ').slice(0, 24).join(' '),
  firstStep: SEEGA5_GAME.plies.split(' ')[24],
  secondStep: SEEGA5_GAME.plies.split(' ')[25],
};
