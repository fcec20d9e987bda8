//! Positions, legal plies and playing them.
//!
//! A [`Setup`] is any arrangement (what a parser or a saved game yields); a
//! [`Position`] is one the rules can reach, obtained only through
//! [`Position::from_setup`]. Legal plies are generated into a stack
//! [`PlyList`]: move generation never allocates.

use super::bitboard::Bitboard;
pub use super::effects::{Effects, Exchange, ExchangeEvent, IllegalPly};
pub use super::error::PositionError;
use super::error::PositionErrorKind as Kind;
use super::geometry::{by_word, Geometry};
use super::outcome::{Outcome, Reason};
use super::ply::Ply;
pub use super::plylist::{PlyList, MAX_PLIES};
use super::rules::{BlockedRule, ChainRule, Rules, Variant};
use super::square::{BoardSize, Direction, Side, Square};
use super::untouchable::{untouchables, StepAnalysis};
use super::word::Word;
use super::zobrist;

mod movegen;
mod play;

/// A not necessarily legal position: what a position string or an editor gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The board size.
    pub size: BoardSize,
    /// The first player's soldiers on the board.
    pub first: Bitboard,
    /// The second player's soldiers on the board.
    pub second: Bitboard,
    /// Kharbaga: which of those pieces are Mullahs (empty in the other games).
    pub mullahs: Bitboard,
    /// The side to move.
    pub to_move: Side,
    /// Soldiers still to set: first, then second.
    pub in_hand: [u8; 2],
    /// The soldier that must go on capturing, if a chain is under way.
    pub chain: Option<Square>,
    /// The state of a Kharbga exchange.
    pub exchange: Exchange,
    /// Steps since a soldier was last removed.
    pub quiet: u16,
    /// The turn number, from 1; it goes up when the second player's turn ends.
    pub turn: u16,
    /// Kharbga: the Attacker's first turn of the moving phase is under way.
    pub first_turn: bool,
}

impl Setup {
    /// The empty board at the start of the setting phase.
    pub fn start(size: BoardSize) -> Setup {
        let per_side = size.soldiers_per_side();
        Setup {
            size,
            first: Bitboard::EMPTY,
            second: Bitboard::EMPTY,
            mullahs: Bitboard::EMPTY,
            to_move: Side::First,
            in_hand: [per_side, per_side],
            chain: None,
            exchange: Exchange::None,
            quiet: 0,
            turn: 1,
            first_turn: false,
        }
    }

    /// The soldiers of `side` on the board.
    pub fn soldiers(&self, side: Side) -> Bitboard {
        match side {
            Side::First => self.first,
            Side::Second => self.second,
        }
    }
}

/// A position reachable under its rules, with the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) rules: Rules,
    /// The board's masks, looked up once: move generation asks for them often.
    pub(super) geo: &'static Geometry,
    /// Each side's pieces (Kharbaga's Mullahs included).
    pub(super) soldiers: [Bitboard; 2],
    /// Kharbaga: the pieces that are Mullahs.
    pub(super) mullahs: Bitboard,
    /// The Zobrist hash of `soldiers` and `mullahs`, kept up to date as they change.
    pub(super) soldier_hash: u64,
    pub(super) in_hand: [u8; 2],
    pub(super) to_move: Side,
    pub(super) chain: Option<Square>,
    pub(super) exchange: Exchange,
    pub(super) quiet: u16,
    pub(super) turn: u16,
    pub(super) first_turn: bool,
    pub(super) outcome: Option<Outcome>,
}

pub(super) const fn idx(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

impl Position {
    /// The start of a game: an empty board, the first player to set
    /// (Kharbaga: both sides' pieces in place, the first player to move).
    pub fn new(rules: Rules) -> Position {
        let per_side = rules.size().soldiers_per_side();
        let (soldiers, in_hand) = if rules.variant.is_alquerque() {
            (super::alquerque::start_pieces(), [0, 0])
        } else {
            ([Bitboard::EMPTY; 2], [per_side, per_side])
        };
        Position {
            rules,
            geo: Geometry::of(rules.size()),
            soldiers,
            mullahs: Bitboard::EMPTY,
            soldier_hash: soldiers_hash(soldiers[0], soldiers[1], Bitboard::EMPTY),
            in_hand,
            to_move: Side::First,
            chain: None,
            exchange: Exchange::None,
            quiet: 0,
            turn: 1,
            first_turn: false,
            outcome: None,
        }
    }

    /// Checks `setup` against `rules`.
    ///
    /// # Errors
    /// A [`PositionError`] saying what is wrong: the board size, overlapping
    /// or surplus soldiers, a soldier on the Malha while setting, a setting
    /// turn out of order, a chain or exchange that does not fit the board, a
    /// side to move that would have passed.
    ///
    /// ```
    /// use kharbga::engine::{BoardSize, Position, Rules, Setup};
    /// let start = Position::from_setup(Setup::start(BoardSize::Seven), Rules::kharbga()).unwrap();
    /// assert_eq!(start, Position::new(Rules::kharbga()));
    /// assert!(Position::from_setup(Setup::start(BoardSize::Five), Rules::kharbga()).is_err());
    /// ```
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        let size = rules.size();
        if setup.size != size {
            return Err(PositionError::new(Kind::WrongSize {
                found: setup.size.side(),
                expected: size.side(),
            }));
        }
        let geo = Geometry::of(size);
        if rules.variant.is_alquerque() {
            return Position::kharbaga_from_setup(setup, rules, geo);
        }
        if let Some(square) = setup.mullahs.first() {
            // Only Kharbaga has Mullahs: to the other games `M` is a stranger.
            return Err(PositionError::new(Kind::RankCharacter {
                rank: square.rank() + 1,
                character: if setup.first.contains(square) {
                    'M'
                } else {
                    'm'
                },
            }));
        }
        if (setup.first | setup.second) - geo.board != Bitboard::EMPTY {
            return Err(PositionError::new(Kind::OffBoard));
        }
        if (setup.first & setup.second).any() {
            return Err(PositionError::new(Kind::SharedSquare));
        }
        let per_side = u32::from(size.soldiers_per_side());
        let counts = [setup.first.count(), setup.second.count()];
        for side in [Side::First, Side::Second] {
            let total = counts[idx(side)] + u32::from(setup.in_hand[idx(side)]);
            if total > per_side {
                return Err(PositionError::new(Kind::TooManySoldiers {
                    side,
                    found: total,
                    most: per_side,
                }));
            }
        }
        if setup.turn == 0 {
            return Err(PositionError::new(Kind::TurnZero));
        }
        let setting = setup.in_hand != [0, 0];
        let kharbga = rules.variant.is_kharbga();
        if setting {
            Self::check_setting(&setup, geo, per_side, kharbga)?;
        }
        if setup.first_turn && (!kharbga || setting) {
            return Err(PositionError::new(Kind::FirstTurnMark));
        }

        let mut position = Position {
            rules,
            geo,
            soldiers: [setup.first, setup.second],
            mullahs: Bitboard::EMPTY,
            soldier_hash: soldiers_hash(setup.first, setup.second, Bitboard::EMPTY),
            in_hand: setup.in_hand,
            to_move: setup.to_move,
            chain: setup.chain,
            exchange: setup.exchange,
            quiet: setup.quiet,
            turn: setup.turn,
            first_turn: setup.first_turn,
            outcome: None,
        };
        if let Some(square) = setup.chain {
            if !position.soldiers[idx(setup.to_move)].contains(square) {
                return Err(PositionError::new(Kind::ChainSoldier { square }));
            }
            if !position.can_capture_from(square) {
                return Err(PositionError::new(Kind::ChainNoCapture { square }));
            }
        }
        position.check_exchange()?;
        if setup.first_turn && setup.to_move == Side::Second && position.has_step(Side::Second) {
            return Err(PositionError::new(Kind::FirstTurnMark));
        }
        if !setting {
            position.outcome = position.standing_outcome();
            if position.outcome.is_none()
                && position.chain.is_none()
                && !position.has_step(position.to_move)
                && position.rules.blocked == BlockedRule::Pass
            {
                return Err(PositionError::new(Kind::WouldHavePassed {
                    side: position.to_move,
                }));
            }
        }
        Ok(position)
    }

    /// Checks `setup` as a position to play or study from: one
    /// [`Position::from_setup`] accepts, where the game is not already over
    /// (a side with no soldiers, a quiet limit reached…). What the board
    /// editor asks, live, of every arrangement.
    ///
    /// # Errors
    /// [`Position::from_setup`]'s; [`PositionErrorKind::Unpromoted`](super::error::PositionErrorKind::Unpromoted)
    /// for a Kharbaga soldier on its far rank; or
    /// [`PositionErrorKind::AlreadyOver`](super::error::PositionErrorKind::AlreadyOver).
    ///
    /// ```
    /// use kharbga::engine::{Bitboard, BoardSize, Position, Rules, Setup, Square};
    /// let mut setup = Setup::start(BoardSize::Seven);
    /// setup.in_hand = [0, 0];
    /// setup.first = Bitboard::from_square("a1".parse::<Square>().unwrap());
    /// // The second player has no soldier: it has lost already.
    /// assert!(Position::from_setup(setup, Rules::kharbga()).unwrap().is_over());
    /// assert!(Position::playable(setup, Rules::kharbga()).is_err());
    /// ```
    pub fn playable(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        let position = Position::from_setup(setup, rules)?;
        if rules.variant.is_alquerque() {
            for side in [Side::First, Side::Second] {
                let far = super::alquerque::far_rank(side);
                let soldiers = position.soldiers[idx(side)] - position.mullahs;
                if let Some(square) = soldiers.into_iter().find(|s| s.rank() == far) {
                    return Err(PositionError::new(Kind::Unpromoted { square }));
                }
            }
        }
        match position.outcome {
            Some(outcome) => Err(PositionError::new(Kind::AlreadyOver { outcome })),
            None => Ok(position),
        }
    }

    fn check_setting(
        setup: &Setup,
        geo: &Geometry,
        per_side: u32,
        kharbga: bool,
    ) -> Result<(), PositionError> {
        if setup.chain.is_some() || setup.exchange != Exchange::None || setup.quiet != 0 {
            return Err(PositionError::new(Kind::SettingState));
        }
        if (setup.first | setup.second).contains(geo.size.malha()) {
            return Err(PositionError::new(Kind::SoldierOnMalha));
        }
        let placed = [
            per_side - u32::from(setup.in_hand[0]),
            per_side - u32::from(setup.in_hand[1]),
        ];
        if placed[0] != setup.first.count() || placed[1] != setup.second.count() {
            return Err(PositionError::new(Kind::CapturedWhileSetting));
        }
        // Two placements a turn, the first player first.
        let in_order = match setup.to_move {
            Side::First => placed[1] == placed[0] - placed[0] % 2,
            Side::Second => placed[0] == placed[1] - placed[1] % 2 + 2,
        };
        if !in_order {
            return Err(PositionError::new(Kind::SettingTurn {
                side: setup.to_move,
            }));
        }
        if kharbga
            && (setup.first & geo.malha_neighbours).is_empty()
            && ((geo.malha_neighbours - setup.first - setup.second).is_empty()
                || setup.in_hand[0] == 0)
        {
            return Err(PositionError::new(Kind::MalhaAccess));
        }
        Ok(())
    }

    fn check_exchange(&self) -> Result<(), PositionError> {
        let exchange = self.exchange;
        let Some(waiting) = exchange.waiting_for() else {
            return Ok(());
        };
        if !self.rules.variant.is_kharbga() {
            return Err(PositionError::new(Kind::ExchangeNotKharbga));
        }
        if self.is_setting() || self.chain.is_some() {
            return Err(PositionError::new(Kind::ExchangeTiming));
        }
        if waiting != self.to_move {
            return Err(PositionError::new(Kind::ExchangeTurn { waiting }));
        }
        let (soldier, offers): (Square, &[Square]) = match &exchange {
            Exchange::None => return Ok(()),
            Exchange::Requested { soldier } => (*soldier, &[]),
            Exchange::Offered { soldier, offer } | Exchange::Confirmed { soldier, offer } => {
                (*soldier, std::slice::from_ref(offer))
            }
            Exchange::OfferedTwice { soldier, offers } => (*soldier, offers),
        };
        if !self.soldiers[1].contains(soldier) {
            return Err(PositionError::new(Kind::ExchangeSoldier {
                square: soldier,
            }));
        }
        if offers.iter().any(|s| !self.soldiers[0].contains(*s))
            || offers.windows(2).any(|w| w[0] == w[1])
        {
            return Err(PositionError::new(Kind::ExchangeOffers));
        }
        if self.soldiers[0].count() < 2 {
            return Err(PositionError::new(Kind::ExchangeTooFew));
        }
        Ok(())
    }

    /// The unvalidated form of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            size: self.rules.size(),
            first: self.soldiers[0],
            second: self.soldiers[1],
            mullahs: self.mullahs,
            to_move: self.to_move,
            in_hand: self.in_hand,
            chain: self.chain,
            exchange: self.exchange,
            quiet: self.quiet,
            turn: self.turn,
            first_turn: self.first_turn,
        }
    }

    // ---- Queries ------------------------------------------------------------

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.rules.size()
    }

    #[inline(always)]
    fn geo(&self) -> &'static Geometry {
        self.geo
    }

    /// The side to move (after any automatic pass).
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The soldiers of `side` on the board.
    pub fn soldiers(&self, side: Side) -> Bitboard {
        self.soldiers[idx(side)]
    }

    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard {
        self.soldiers[0] | self.soldiers[1]
    }

    /// The soldier on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Side> {
        if self.soldiers[0].contains(square) {
            Some(Side::First)
        } else if self.soldiers[1].contains(square) {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// Soldiers `side` still has to set.
    pub fn in_hand(&self, side: Side) -> u8 {
        self.in_hand[idx(side)]
    }

    /// True during the setting phase.
    pub fn is_setting(&self) -> bool {
        self.in_hand != [0, 0]
    }

    /// Placements the side to move has made this turn (0 or 1) while setting.
    pub fn placed_this_turn(&self) -> u8 {
        if !self.is_setting() {
            return 0;
        }
        let per_side = self.size().soldiers_per_side();
        (per_side - self.in_hand[idx(self.to_move)]) % 2
    }

    /// The soldier that must go on capturing, during a chain.
    pub fn chain(&self) -> Option<Square> {
        self.chain
    }

    /// The state of a Kharbga exchange.
    pub fn exchange(&self) -> Exchange {
        self.exchange
    }

    /// Steps since a soldier was last removed.
    pub fn quiet(&self) -> u16 {
        self.quiet
    }

    /// The turn number.
    pub fn turn(&self) -> u16 {
        self.turn
    }

    /// Kharbga: the Attacker's first turn of the moving phase is under way.
    pub fn is_first_turn(&self) -> bool {
        self.first_turn
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// True when the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Setting, moving, or over.
    pub fn phase(&self) -> Phase {
        if self.outcome.is_some() {
            Phase::Over
        } else if self.is_setting() {
            Phase::Setting
        } else {
            Phase::Moving
        }
    }

    /// The position's Zobrist hash: soldiers, side to move, soldiers in
    /// hand, chain soldier, exchange state and the first-turn mark (not the
    /// quiet count, the turn number or the outcome). The soldiers' part is
    /// kept up to date as plies are played; the rest is folded in here.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.soldier_hash
            ^ zobrist::state(
                self.to_move,
                self.in_hand,
                self.first_turn,
                self.chain,
                self.exchange,
            )
    }

    /// The Zobrist hash of what the repetition rule compares
    /// ([`Position::repetition_key`]: soldiers, side to move, chain and
    /// exchange state): equal keys give equal hashes. The search keeps the
    /// game's history and its own line as these.
    #[inline]
    pub fn repetition_hash(&self) -> u64 {
        self.soldier_hash ^ zobrist::state(self.to_move, [0, 0], false, self.chain, self.exchange)
    }

    /// Soldiers that cannot be captured here: the Malha's in Seega.
    fn immune(&self) -> Bitboard {
        match self.rules.variant {
            Variant::Kharbga | Variant::Kharbaga => Bitboard::EMPTY,
            Variant::Seega(_) => self.geo().malha,
        }
    }

    fn empty(&self) -> Bitboard {
        self.geo().board - self.occupied()
    }

    /// True when `side` has a step (a soldier next to an empty square).
    pub fn has_step(&self, side: Side) -> bool {
        let (own, empty) = (self.soldiers[idx(side)], self.empty());
        by_word!(self.geo(), |m, w| (m.neighbours(w(own)) & w(empty)).any())
    }

    /// How many steps `side` would have: soldier and empty neighbour pairs.
    pub fn mobility(&self, side: Side) -> u32 {
        let (own, empty) = (self.soldiers[idx(side)], self.empty());
        by_word!(self.geo(), |m, w| {
            let (own, empty) = (w(own), w(empty));
            Direction::ALL
                .iter()
                .map(|d| (m.shift(own, *d) & empty).bitboard().count())
                .sum()
        })
    }

    /// The empty squares that `side` would capture something by stepping
    /// onto: some direction has an enemy then one of `side`'s soldiers.
    pub fn capture_targets(&self, side: Side) -> Bitboard {
        let own = self.soldiers[idx(side)];
        let enemy = self.soldiers[idx(side.opponent())] - self.immune();
        let empty = self.empty();
        by_word!(self.geo(), |m, w| m
            .capture_targets(w(own), w(enemy), w(empty))
            .bitboard())
    }

    /// The enemy soldiers that an unflagged step of the side to move onto
    /// `to` would capture (the step's legality aside).
    pub fn captures_at(&self, to: Square) -> Bitboard {
        self.captures_from(self.to_move, to)
    }

    /// The enemy soldiers that a soldier of `side` arriving on `to` captures.
    fn captures_from(&self, side: Side, to: Square) -> Bitboard {
        let own = self.soldiers[idx(side)];
        let enemy = self.soldiers[idx(side.opponent())] - self.immune();
        let at = Bitboard::from_square(to);
        by_word!(self.geo(), |m, w| m
            .captures_from(w(own), w(enemy), w(at))
            .bitboard())
    }

    /// True when the soldier on `square` has a capturing step.
    fn can_capture_from(&self, square: Square) -> bool {
        let Some(side) = self.piece_at(square) else {
            return false;
        };
        let geo = self.geo();
        (geo.neighbours(Bitboard::from_square(square)) & self.capture_targets(side)).any()
    }

    /// Soldiers of `side` that the opponent could capture with one step now.
    pub fn capturable(&self, side: Side) -> Bitboard {
        if self.is_setting() {
            return Bitboard::EMPTY;
        }
        let attacker = side.opponent();
        let geo = self.geo();
        let movers = self.soldiers[idx(attacker)];
        let mut result = Bitboard::EMPTY;
        for to in self.capture_targets(attacker) {
            // A target counts only if one of the opponent's soldiers can step there.
            let from_ok = geo.neighbours(Bitboard::from_square(to)) & movers;
            for from in from_ok {
                let mut after = *self;
                after.soldiers[idx(attacker)].remove(from);
                after.soldiers[idx(attacker)].insert(to);
                result |= after.captures_from(attacker, to);
            }
        }
        result
    }

    /// Defender soldiers that no Attacker play can capture while the
    /// Defender keeps still (`RULES.md` §2).
    pub fn untouchables(&self) -> Bitboard {
        untouchables(self.geo(), self.soldiers[0], self.soldiers[1])
    }

    /// The legal destinations of the soldier on `from` (flagged or not);
    /// empty when it cannot move.
    pub fn destinations(&self, from: Square) -> Bitboard {
        self.legal_plies()
            .iter()
            .filter_map(|ply| match *ply {
                Ply::Step { from: f, to, .. } if f == from => Some(to),
                _ => None,
            })
            .collect()
    }

    /// Squares where the side to move may set a soldier.
    pub fn placements(&self) -> Bitboard {
        self.legal_plies()
            .iter()
            .filter_map(|ply| match *ply {
                Ply::Place(square) => Some(square),
                _ => None,
            })
            .collect()
    }

    /// The outcome a position has by itself at the start of a turn.
    fn standing_outcome(&self) -> Option<Outcome> {
        if self.is_setting() {
            return None;
        }
        for side in [Side::First, Side::Second] {
            if self.soldiers[idx(side)].is_empty() {
                return Some(Outcome {
                    winner: Some(side.opponent()),
                    reason: Reason::NoSoldiers,
                });
            }
        }
        if self.first_turn && self.to_move == Side::Second && !self.has_step(Side::Second) {
            return Some(Outcome {
                winner: Some(Side::Second),
                reason: Reason::FirstMoveBlock,
            });
        }
        let limit = self.rules.quiet_limit;
        if limit > 0 && self.chain.is_none() && self.quiet >= limit {
            return Some(self.by_count(Reason::QuietLimit));
        }
        None
    }

    /// The end when `side`'s time runs out here: it loses, unless its
    /// opponent could never win — a draw then (`docs/rules.md`, "Clocks").
    /// In Kharbga and Seega a side with one soldier left (on the board and
    /// in hand) can capture nothing and never has more soldiers than its
    /// opponent, unless a blocked side may remove a soldier (the Seega
    /// option); a Kharbaga piece alone may still leap or block.
    pub fn time_forfeit(&self, side: Side) -> Outcome {
        let opponent = side.opponent();
        let could_win = self.rules.variant.is_alquerque()
            || self.rules.blocked == BlockedRule::Remove
            || self.soldiers[idx(opponent)].count() + u32::from(self.in_hand[idx(opponent)]) >= 2;
        Outcome {
            winner: could_win.then_some(opponent),
            reason: Reason::Time,
        }
    }

    /// The barrier-rule verdict now, for `reason`.
    pub fn by_count(&self, reason: Reason) -> Outcome {
        Outcome::by_count(self.soldiers[0].count(), self.soldiers[1].count(), reason)
    }

    /// The outcome of a third repetition: decided by count in Kharbga and
    /// Seega (the barrier rule), a draw in Kharbaga.
    pub fn repetition_outcome(&self) -> Outcome {
        if self.rules.variant.is_alquerque() {
            Outcome {
                winner: None,
                reason: Reason::Repetition,
            }
        } else {
            self.by_count(Reason::Repetition)
        }
    }

    /// The parts of the position that decide a repetition: soldiers, side to
    /// move, chain and exchange state.
    pub fn repetition_key(&self) -> RepetitionKey {
        RepetitionKey {
            soldiers: self.soldiers,
            mullahs: self.mullahs,
            to_move: self.to_move,
            chain: self.chain,
            exchange: self.exchange,
        }
    }

    /// Sets the outcome from outside the position's own rules (repetition,
    /// resignation, agreed draw): used by [`super::Game`].
    pub(crate) fn set_outcome(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
    }
}

/// The Zobrist hash of a board's soldiers, computed from scratch.
pub(super) fn soldiers_hash(first: Bitboard, second: Bitboard, mullahs: Bitboard) -> u64 {
    let mut h = 0;
    for square in mullahs {
        h ^= zobrist::mullah(square);
    }
    for square in first {
        h ^= zobrist::soldier(Side::First, square);
    }
    for square in second {
        h ^= zobrist::soldier(Side::Second, square);
    }
    h
}

/// Where a game stands: soldiers being set, soldiers moving, or over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Soldiers are set, two a turn.
    Setting,
    /// Soldiers step and capture.
    Moving,
    /// The game has ended.
    Over,
}

impl Phase {
    /// `setting`, `moving` or `over`: the UI's test hooks and translations select on it.
    pub const fn token(self) -> &'static str {
        match self {
            Phase::Setting => "setting",
            Phase::Moving => "moving",
            Phase::Over => "over",
        }
    }
}

/// Calls `f` with the index of every square in `set`, lowest first: two
/// `u64` halves, so that the small boards (all in the low half) pay for one.
#[inline(always)]
fn for_each_index(set: Bitboard, mut f: impl FnMut(u8)) {
    let mut low = set.0 as u64;
    while low != 0 {
        f(low.trailing_zeros() as u8);
        low &= low - 1;
    }
    let mut high = (set.0 >> 64) as u64;
    while high != 0 {
        f(64 + high.trailing_zeros() as u8);
        high &= high - 1;
    }
}

/// Which steps of the side to move may carry the exchange flag.
#[derive(Clone, Copy, Debug)]
enum FlagRule {
    Never,
    Any,
    AnyBut(Square),
    UntouchableAfter(StepAnalysis),
}

/// What two positions must share to count as the same for repetition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    soldiers: [Bitboard; 2],
    mullahs: Bitboard,
    to_move: Side,
    chain: Option<Square>,
    exchange: Exchange,
}
