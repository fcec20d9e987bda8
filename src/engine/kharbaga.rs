//! Kharbaga (`RULES.md` §4): the Alquerque-family game on 5×5 points joined
//! in eight directions. Soldiers step forward and capture by short leaps in
//! any direction; a soldier whose move ends on the far rank becomes a Mullah,
//! which flies along the lines and captures by flying leaps. Captures are
//! compulsory and the most must be taken (the majority rule).
//!
//! The position is the same [`Position`] as the custodial games' (each
//! side's pieces, and the Mullahs among them); this module is its move
//! generation, its play and its endings, on the board's lines that
//! `alquerque` draws. Generation never allocates: a capturing sequence is
//! searched depth first with its path on the stack.

use super::alquerque::{direction, far_rank, ray, FORWARD};
use super::bitboard::Bitboard;
use super::effects::Effects;
use super::error::{PositionErrorKind as Kind, PositionField};
use super::geometry::Geometry;
use super::outcome::{Outcome, Reason};
use super::ply::{Leaps, Ply};
use super::plylist::PlyList;
use super::position::{idx, soldiers_hash, Exchange, Position, PositionError, Setup};
use super::rules::Rules;
use super::square::{BoardSize, Side, Square};
use super::zobrist;

/// The state of a capturing sequence being searched.
struct Search<'a> {
    mullah: bool,
    /// The mover's other pieces (its own starting point counts as empty).
    own: Bitboard,
    best: u8,
    start: usize,
    out: &'a mut PlyList,
}

impl Search<'_> {
    /// Extends `path` (the piece now on `at`) by every capture it can make,
    /// with `enemy` the pieces not yet captured; records each maximal path
    /// that takes at least as many as the best so far.
    fn extend(&mut self, at: Square, enemy: Bitboard, path: &mut Leaps) {
        let mut extended = false;
        let blocked = self.own | enemy;
        for d in 0..8 {
            let line = ray(at, d);
            // The first piece along the line: adjacent for a soldier; for a
            // Mullah, past any number of empty points.
            let reach = if self.mullah { line.len() } else { 1 };
            let Some(hit) = line.iter().take(reach).position(|&s| blocked.contains(s)) else {
                continue;
            };
            let victim = line[hit];
            if !enemy.contains(victim) {
                continue;
            }
            let left = enemy - Bitboard::from_square(victim);
            let beyond = &line[hit + 1..];
            let landings = if self.mullah { beyond.len() } else { 1 };
            for &landing in beyond.iter().take(landings) {
                if blocked.contains(landing) {
                    break;
                }
                extended = true;
                if path.push(landing) {
                    self.extend(landing, left, path);
                    path.pop();
                }
            }
        }
        if !extended && !path.is_empty() {
            let taken = path.len() as u8;
            if taken > self.best {
                self.out.truncate(self.start);
                self.best = taken;
            }
            if taken == self.best {
                // A list full of equally long captures keeps the first ones
                // (no position met in play comes near; see `docs/rules.md`).
                self.out.try_push(Ply::Leap(*path));
            }
        }
    }
}

impl Position {
    /// Checks a Kharbaga setup: no setting, chain, exchange or first-turn
    /// state; at most twelve pieces a side.
    pub(super) fn kharbaga_from_setup(
        setup: Setup,
        rules: Rules,
        geo: &'static Geometry,
    ) -> Result<Position, PositionError> {
        let field = |field, text: String| PositionError::new(Kind::Field { field, text });
        if setup.in_hand != [0, 0] {
            let text = format!("{},{}", setup.in_hand[0], setup.in_hand[1]);
            return Err(field(PositionField::InHand, text));
        }
        if let Some(square) = setup.chain {
            return Err(field(PositionField::Chain, square.to_string()));
        }
        if setup.exchange != Exchange::None {
            return Err(field(PositionField::Exchange, String::from("-")));
        }
        if setup.first_turn {
            return Err(field(PositionField::FirstTurn, String::from("f")));
        }
        if (setup.first | setup.second) - geo.board != Bitboard::EMPTY {
            return Err(PositionError::new(Kind::OffBoard));
        }
        if (setup.first & setup.second).any() {
            return Err(PositionError::new(Kind::SharedSquare));
        }
        let most = u32::from(BoardSize::Five.soldiers_per_side());
        for (side, pieces) in [(Side::First, setup.first), (Side::Second, setup.second)] {
            if pieces.count() > most {
                return Err(PositionError::new(Kind::TooManySoldiers {
                    side,
                    found: pieces.count(),
                    most,
                }));
            }
        }
        if setup.turn == 0 {
            return Err(PositionError::new(Kind::TurnZero));
        }
        let mullahs = setup.mullahs & (setup.first | setup.second);
        let mut position = Position {
            rules,
            geo,
            soldiers: [setup.first, setup.second],
            mullahs,
            soldier_hash: soldiers_hash(setup.first, setup.second, mullahs),
            in_hand: [0, 0],
            to_move: setup.to_move,
            chain: None,
            exchange: Exchange::None,
            quiet: setup.quiet,
            turn: setup.turn,
            first_turn: false,
            outcome: None,
        };
        position.outcome = position.kharbaga_standing_outcome();
        Ok(position)
    }

    /// Every legal Kharbaga ply: the longest captures if there is any
    /// capture, else every step.
    pub(super) fn kharbaga_generate(&self, out: &mut PlyList) {
        let side = self.to_move;
        let own = self.soldiers[idx(side)];
        let enemy = self.soldiers[idx(side.opponent())];
        let mut search = Search {
            mullah: false,
            own,
            best: 0,
            start: out.len(),
            out,
        };
        for from in own {
            search.mullah = self.mullahs.contains(from);
            search.own = own - Bitboard::from_square(from);
            search.extend(from, enemy, &mut Leaps::new(from));
        }
        if search.best > 0 {
            return;
        }
        let occupied = self.occupied();
        for from in own {
            if self.mullahs.contains(from) {
                for d in 0..8 {
                    for &to in ray(from, d) {
                        if occupied.contains(to) {
                            break;
                        }
                        out.push(Ply::step(from, to));
                    }
                }
            } else {
                for d in FORWARD[idx(side)] {
                    if let Some(&to) = ray(from, d).first() {
                        if !occupied.contains(to) {
                            out.push(Ply::step(from, to));
                        }
                    }
                }
            }
        }
    }

    /// Kharbaga: how many pieces the move must capture now (every legal
    /// capture takes as many, by the majority rule); 0 when no capture is
    /// possible, and in the other games.
    pub fn capture_length(&self) -> usize {
        if !self.must_capture() {
            return 0;
        }
        match self.legal_plies().first() {
            Some(Ply::Leap(leaps)) => leaps.len(),
            _ => 0,
        }
    }

    /// Kharbaga: the most pieces the piece on `from` could capture in one
    /// move, were the majority rule to look at it alone (0 when it cannot
    /// capture, or is not the side to move's). What a player is told when
    /// the rule refuses a shorter capture.
    pub fn longest_capture_from(&self, from: Square) -> usize {
        let side = self.to_move;
        let own = self.soldiers[idx(side)];
        if !self.rules.variant.is_alquerque() || !own.contains(from) {
            return 0;
        }
        let mut scratch = PlyList::new();
        let mut search = Search {
            mullah: self.mullahs.contains(from),
            own: own - Bitboard::from_square(from),
            best: 0,
            start: 0,
            out: &mut scratch,
        };
        search.extend(
            from,
            self.soldiers[idx(side.opponent())],
            &mut Leaps::new(from),
        );
        usize::from(search.best)
    }

    /// Kharbaga: the enemy pieces the leaps of `path` jump over (a capture
    /// being entered leap by leap takes these so far): on each leap's line,
    /// the side to move's opponent's pieces between its two points.
    pub fn taken_by(&self, path: &Leaps) -> Bitboard {
        let enemy = self.soldiers[idx(self.to_move.opponent())];
        let mut taken = Bitboard::EMPTY;
        let mut at = path.from();
        for &landing in path.landings() {
            for &point in ray(at, direction(at, landing)) {
                if point == landing {
                    break;
                }
                if enemy.contains(point) {
                    taken.insert(point);
                }
            }
            at = landing;
        }
        taken
    }

    /// True when `side` (to move) has a legal move: a step or a capture.
    fn kharbaga_has_move(&self, side: Side) -> bool {
        self.kharbaga_can_capture(side, true)
    }

    /// Kharbaga: true when the side to move must capture (the computer
    /// player searches such positions on past its horizon). False in the
    /// other games and once the game is over.
    pub fn must_capture(&self) -> bool {
        self.rules.variant.is_alquerque()
            && self.outcome.is_none()
            && self.kharbaga_can_capture(self.to_move, false)
    }

    /// True when `side` can capture, or (with `or_step`) step.
    fn kharbaga_can_capture(&self, side: Side, or_step: bool) -> bool {
        let own = self.soldiers[idx(side)];
        let enemy = self.soldiers[idx(side.opponent())];
        let occupied = own | enemy;
        for from in own {
            let mullah = self.mullahs.contains(from);
            for d in 0..8 {
                let line = ray(from, d);
                let forward = FORWARD[idx(side)].contains(&d);
                if let Some(&next) = line.first() {
                    if or_step && !occupied.contains(next) && (mullah || forward) {
                        return true;
                    }
                }
                // A capture: the first piece along the line (adjacent for a
                // soldier) is an enemy with an empty point right beyond it.
                let reach = if mullah { line.len() } else { 1 };
                if let Some(hit) = line.iter().take(reach).position(|&s| occupied.contains(s)) {
                    if enemy.contains(line[hit])
                        && line.get(hit + 1).is_some_and(|&s| !occupied.contains(s))
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The ending that holds in this position, for the side to move
    /// (`RULES.md` §4, in its order): no piece, no move, the quiet limit.
    fn kharbaga_standing_outcome(&self) -> Option<Outcome> {
        let side = self.to_move;
        if self.soldiers[idx(side)].is_empty() {
            return Some(Outcome {
                winner: Some(side.opponent()),
                reason: Reason::NoPieces,
            });
        }
        if !self.kharbaga_has_move(side) {
            return Some(Outcome {
                winner: Some(side.opponent()),
                reason: Reason::NoMoves,
            });
        }
        let limit = self.rules.quiet_limit;
        if limit > 0 && self.quiet >= limit {
            return Some(Outcome {
                winner: None,
                reason: Reason::QuietLimit,
            });
        }
        None
    }

    fn lift(&mut self, side: Side, square: Square) {
        self.soldiers[idx(side)].remove(square);
        self.soldier_hash ^= zobrist::soldier(side, square);
        if self.mullahs.contains(square) {
            self.mullahs.remove(square);
            self.soldier_hash ^= zobrist::mullah(square);
        }
    }

    fn put(&mut self, side: Side, square: Square, mullah: bool) {
        self.soldiers[idx(side)].insert(square);
        self.soldier_hash ^= zobrist::soldier(side, square);
        if mullah {
            self.mullahs.insert(square);
            self.soldier_hash ^= zobrist::mullah(square);
        }
    }

    /// Plays a Kharbaga ply that the caller knows is legal.
    pub(super) fn kharbaga_apply(&mut self, ply: Ply, effects: &mut Effects) {
        let side = self.to_move;
        let (from, to) = match ply {
            Ply::Step { from, to, .. } => (from, to),
            Ply::Leap(path) => (path.from(), path.end()),
            Ply::Place(_) | Ply::Stop | Ply::Remove(_) => return,
        };
        let mullah = self.mullahs.contains(from);
        self.lift(side, from);
        if let Ply::Leap(path) = ply {
            let taken = self.taken_by(&path);
            for point in taken {
                self.lift(side.opponent(), point);
            }
            effects.captured = taken;
        }
        let promoted = !mullah && to.rank() == far_rank(side);
        self.put(side, to, mullah || promoted);
        if promoted {
            effects.promoted = Some(to);
        }
        self.quiet = if mullah && effects.captured.is_empty() {
            self.quiet.saturating_add(1)
        } else {
            0
        };
        effects.turn_ended = true;
        if side == Side::Second {
            self.turn = self.turn.saturating_add(1);
        }
        self.to_move = side.opponent();
        self.outcome = self.kharbaga_standing_outcome();
    }
}
