//! The board editor's model, without a browser: an arrangement being set
//! up, the brush a tap puts down, and the engine's live verdict on it.
//!
//! The editor holds a [`Setup`] (any arrangement, legal or not) and the
//! game's [`Rules`]; [`Editor::verdict`] asks the engine
//! ([`Position::playable`]) whether a game can start from it, with a typed
//! reason when not. While soldiers are still set, each side's soldiers in
//! hand follow from those on the board (nothing is captured while setting),
//! so the editor derives them rather than let them disagree.

use crate::app::board::view::BoardView;
use crate::engine::{
    Bitboard, BoardSize, Phase, Position, PositionError, Rules, RulesError, Setup, Side, Square,
    Variant,
};
use crate::store::share::{self, ShareError};

/// What a tap puts on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// A soldier of this side.
    Soldier(Side),
    /// Kharbaga: a Mullah of this side.
    Mullah(Side),
    /// Empties the square.
    Erase,
}

impl Brush {
    /// The brushes a game offers, in the palette's order.
    pub fn all(variant: Variant) -> &'static [Brush] {
        const CUSTODIAL: [Brush; 3] = [
            Brush::Soldier(Side::First),
            Brush::Soldier(Side::Second),
            Brush::Erase,
        ];
        const ALQUERQUE: [Brush; 5] = [
            Brush::Soldier(Side::First),
            Brush::Mullah(Side::First),
            Brush::Soldier(Side::Second),
            Brush::Mullah(Side::Second),
            Brush::Erase,
        ];
        if variant.is_alquerque() {
            &ALQUERQUE
        } else {
            &CUSTODIAL
        }
    }

    /// A stable token (`first`, `first-mullah`, `second`, `second-mullah`,
    /// `erase`): test hooks and translations select on it.
    pub const fn token(self) -> &'static str {
        match self {
            Brush::Soldier(Side::First) => "first",
            Brush::Soldier(Side::Second) => "second",
            Brush::Mullah(Side::First) => "first-mullah",
            Brush::Mullah(Side::Second) => "second-mullah",
            Brush::Erase => "erase",
        }
    }
}

/// The phase the arrangement is in (Kharbga and Seega; Kharbaga has no
/// setting).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditPhase {
    /// Soldiers are still set: each side's soldiers in hand are the ones
    /// not on the board.
    Setting,
    /// Every soldier is set; soldiers step and capture.
    Moving,
}

/// Why text pasted into the editor cannot be opened there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasteError {
    /// Not a position string, an editor address or a game link.
    Position(PositionError),
    /// An editor address whose rules do not parse.
    Rules(RulesError),
    /// A game link that does not read.
    Share(ShareError),
}

/// The board editor: an arrangement of a game, being changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    rules: Rules,
    setup: Setup,
    phase: EditPhase,
    /// What a tap puts down.
    pub brush: Brush,
    /// The board is seen from the second player's side.
    pub flipped: bool,
}

/// What the editor's address starts with.
pub use crate::app::route::EDIT as FRAGMENT;

impl Editor {
    /// The start of a game under `rules`.
    pub fn new(rules: Rules) -> Editor {
        Editor::from_position(&Position::new(rules))
    }

    /// `position`, to change.
    pub fn from_position(position: &Position) -> Editor {
        let setup = position.to_setup();
        Editor {
            rules: *position.rules(),
            phase: if setup.in_hand == [0, 0] {
                EditPhase::Moving
            } else {
                EditPhase::Setting
            },
            setup: Setup {
                chain: None,
                exchange: crate::engine::Exchange::None,
                ..setup
            },
            brush: Brush::Soldier(Side::First),
            flipped: false,
        }
    }

    /// The game's rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The phase.
    pub fn phase(&self) -> EditPhase {
        self.phase
    }

    /// The arrangement as the engine is asked about it (the soldiers in
    /// hand derived while setting).
    pub fn setup(&self) -> Setup {
        let mut setup = self.setup;
        setup.in_hand = match self.phase {
            EditPhase::Moving => [0, 0],
            EditPhase::Setting => {
                let per_side = u32::from(self.rules.size().soldiers_per_side());
                let left = |side: Side| {
                    u8::try_from(per_side.saturating_sub(setup.soldiers(side).count()))
                        .unwrap_or(u8::MAX)
                };
                [left(Side::First), left(Side::Second)]
            }
        };
        if self.phase == EditPhase::Setting {
            setup.quiet = 0;
        }
        // Kharbga's first-turn mark (the Attacker's first turn after the
        // setting) is kept from the position opened while it can hold: the
        // game's first-move block then still applies.
        setup.first_turn &= self.rules.variant.is_kharbga()
            && self.phase == EditPhase::Moving
            && setup.to_move == Side::First;
        setup
    }

    /// The engine's verdict: the position a game can start from, or why not.
    ///
    /// # Errors
    /// What [`Position::playable`] refuses.
    pub fn verdict(&self) -> Result<Position, PositionError> {
        Position::playable(self.setup(), self.rules)
    }

    /// The position string of the arrangement (legal or not).
    pub fn text(&self) -> String {
        self.setup().to_string()
    }

    /// The piece on `square`: its side and whether it is a Mullah.
    pub fn piece(&self, square: Square) -> Option<(Side, bool)> {
        let mullah = self.setup.mullahs.contains(square);
        [Side::First, Side::Second]
            .into_iter()
            .find(|side| self.setup.soldiers(*side).contains(square))
            .map(|side| (side, mullah))
    }

    fn put(&mut self, square: Square, piece: Option<(Side, bool)>) {
        if !self.rules.size().contains(square) {
            return;
        }
        self.setup.first.remove(square);
        self.setup.second.remove(square);
        self.setup.mullahs.remove(square);
        if let Some((side, mullah)) = piece {
            match side {
                Side::First => self.setup.first.insert(square),
                Side::Second => self.setup.second.insert(square),
            }
            if mullah {
                self.setup.mullahs.insert(square);
            }
        }
    }

    /// A tap on `square`: puts the brush's piece there, or empties the
    /// square if that piece is already there.
    pub fn tap(&mut self, square: Square) {
        let piece = match self.brush {
            Brush::Soldier(side) => Some((side, false)),
            Brush::Mullah(side) => Some((side, true)),
            Brush::Erase => None,
        };
        if self.piece(square) == piece {
            self.put(square, None);
        } else {
            self.put(square, piece);
        }
    }

    /// A piece dragged from `from` to `to` (whatever stood there goes).
    pub fn drag(&mut self, from: Square, to: Square) {
        let Some(piece) = self.piece(from) else {
            return;
        };
        if from != to && self.rules.size().contains(to) {
            self.put(from, None);
            self.put(to, Some(piece));
        }
    }

    /// What the board draws: the arrangement, every piece movable.
    pub fn board_view(&self) -> BoardView {
        let setup = self.setup();
        let mut view = BoardView::empty(self.rules.size());
        for side in [Side::First, Side::Second] {
            for square in setup.soldiers(side) {
                view.set(square, Some(side));
            }
        }
        view.mullahs = setup.mullahs;
        view.points = self.rules.variant.is_alquerque();
        view.malha_motif = self.phase == EditPhase::Setting;
        view.phase = match self.phase {
            EditPhase::Setting => Phase::Setting,
            EditPhase::Moving => Phase::Moving,
        };
        view.to_move = setup.to_move;
        view.flipped = self.flipped;
        view.editing = true;
        view
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.setup.to_move
    }

    /// Sets the side to move.
    pub fn set_to_move(&mut self, side: Side) {
        self.setup.to_move = side;
    }

    /// Sets the phase (Kharbaga is always moving).
    pub fn set_phase(&mut self, phase: EditPhase) {
        if !self.rules.variant.is_alquerque() {
            self.phase = phase;
        }
    }

    /// Moves since the last capture (the quiet count the limit reads).
    pub fn quiet(&self) -> u16 {
        self.setup().quiet
    }

    /// Sets the quiet count (only while moving).
    pub fn set_quiet(&mut self, quiet: u16) {
        self.setup.quiet = quiet;
    }

    /// Empties the board (the phase and the side to move stay).
    pub fn clear(&mut self) {
        let size = self.rules.size();
        self.setup.first = Bitboard::EMPTY;
        self.setup.second = Bitboard::EMPTY;
        self.setup.mullahs = Bitboard::EMPTY;
        self.setup.size = size;
    }

    /// The game's start position.
    pub fn start(&mut self) {
        *self = Editor {
            brush: self.brush,
            flipped: self.flipped,
            ..Editor::new(self.rules)
        };
    }

    /// Another game, with its default rules: a game of the same board keeps
    /// the arrangement (a pasted 5×5 string may be Seega's or Kharbaga's:
    /// choosing the game afterwards keeps it); another board starts afresh.
    pub fn set_variant(&mut self, variant: Variant) {
        if variant == self.rules.variant {
            return;
        }
        let rules = Rules::new(variant);
        if rules.size() == self.rules.size() {
            self.rules = rules;
            if variant.is_alquerque() {
                self.phase = EditPhase::Moving;
            } else {
                self.setup.mullahs = Bitboard::EMPTY;
            }
            if !Brush::all(variant).contains(&self.brush) {
                self.brush = Brush::Soldier(Side::First);
            }
            return;
        }
        *self = Editor {
            brush: Brush::Soldier(Side::First),
            flipped: self.flipped,
            ..Editor::new(rules)
        };
    }

    /// The editor's address (`#edit/<rules>/<position string>`, the
    /// string's spaces written `_`).
    pub fn fragment(&self) -> String {
        fragment(self.rules, &self.text())
    }

    /// The editor at an address's place (`rest`: what follows `#edit`). An
    /// empty place is `None`: the caller chooses the game.
    ///
    /// # Errors
    /// Rules or a position string that do not read (any arrangement that
    /// reads is opened, legal or not: the editor says what is wrong).
    pub fn from_place(rest: &str) -> Result<Option<Editor>, PasteError> {
        let rest = rest.strip_prefix('/').unwrap_or(rest);
        if rest.is_empty() {
            return Ok(None);
        }
        let (rules, text) = rest.split_once('/').unwrap_or((rest, ""));
        let rules: Rules = rules.parse().map_err(PasteError::Rules)?;
        if text.is_empty() {
            return Ok(Some(Editor::new(rules)));
        }
        let text = percent_decode(text).replace('_', " ");
        let setup: Setup = text.parse().map_err(PasteError::Position)?;
        Ok(Some(Editor::from_setup(setup, rules)))
    }

    fn from_setup(setup: Setup, rules: Rules) -> Editor {
        let mut editor = Editor::new(rules);
        editor.setup = Setup {
            size: rules.size(),
            chain: None,
            exchange: crate::engine::Exchange::None,
            ..setup
        };
        editor.phase = if setup.in_hand == [0, 0] || rules.variant.is_alquerque() {
            EditPhase::Moving
        } else {
            EditPhase::Setting
        };
        if setup.size != rules.size() {
            // Kept as read: the verdict names the wrong size.
            editor.setup.size = setup.size;
        }
        editor
    }

    /// Opens pasted text: a position string (of this game, or of the game
    /// its board's size and pieces say), an editor address, an analysis
    /// address (its position shown) or a game link (its last position),
    /// each alone or as a whole URL.
    ///
    /// # Errors
    /// Text that is none of these, with the reason the closest one gives.
    pub fn paste(&mut self, text: &str) -> Result<(), PasteError> {
        let text = text.trim();
        let fragment = text.find('#').map(|at| &text[at..]);
        if let Some(fragment) = fragment {
            if let Some(rest) = fragment.strip_prefix(FRAGMENT) {
                if let Some(editor) = Editor::from_place(rest)? {
                    *self = Editor {
                        brush: self.brush,
                        flipped: self.flipped,
                        ..editor
                    };
                }
                return Ok(());
            }
            if let Some(rest) = fragment.strip_prefix(super::ANALYSE) {
                let place = super::place::read_analyse(rest).map_err(PasteError::Share)?;
                let position = place.record.game.position_at(place.at).copied();
                let position = position.unwrap_or(*place.record.game.position());
                *self = Editor {
                    brush: self.brush,
                    flipped: self.flipped,
                    ..Editor::from_position(&position)
                };
                return Ok(());
            }
            if fragment.starts_with("#g") {
                let record = share::decode(fragment).map_err(PasteError::Share)?;
                *self = Editor {
                    brush: self.brush,
                    flipped: self.flipped,
                    ..Editor::from_position(record.game.position())
                };
                return Ok(());
            }
        }
        let setup: Setup = text.parse().map_err(PasteError::Position)?;
        let rules = if setup.size == self.rules.size()
            && (setup.mullahs.is_empty() || self.rules.variant.is_alquerque())
        {
            self.rules
        } else {
            Rules::new(variant_for(setup.size, setup.mullahs.any()))
        };
        *self = Editor {
            brush: self.brush,
            flipped: self.flipped,
            ..Editor::from_setup(setup, rules)
        };
        Ok(())
    }
}

/// The editor's address of a position string under `rules` (what
/// [`Editor::fragment`] writes, without building an editor: the pages
/// without the editor link to it this way).
pub fn fragment(rules: Rules, text: &str) -> String {
    format!("{FRAGMENT}/{rules}/{}", text.replace(' ', "_"))
}

/// The game a position string of this size is most likely of.
fn variant_for(size: BoardSize, mullahs: bool) -> Variant {
    match size {
        BoardSize::Seven => Variant::Kharbga,
        BoardSize::Five if mullahs => Variant::Kharbaga,
        size => Variant::Seega(size),
    }
}

/// `%XX` escapes undone (what a browser may write into an address).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push(u8::try_from(h * 16 + l).unwrap_or(b'?'));
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sq;
    use crate::engine::{BoardSize, PositionErrorKind as K, Reason};

    fn kind(editor: &Editor) -> Option<K> {
        editor.verdict().err().map(|e| e.kind().clone())
    }

    #[test]
    fn the_start_of_every_game_is_playable() {
        for variant in Variant::ALL {
            let editor = Editor::new(Rules::new(variant));
            assert_eq!(
                editor.verdict(),
                Ok(Position::new(Rules::new(variant))),
                "{variant:?}"
            );
        }
    }

    #[test]
    fn taps_put_take_and_drag_pieces() {
        let mut editor = Editor::new(Rules::kharbga());
        editor.tap(sq("a1"));
        assert_eq!(editor.piece(sq("a1")), Some((Side::First, false)));
        editor.brush = Brush::Soldier(Side::Second);
        editor.tap(sq("a1"));
        assert_eq!(editor.piece(sq("a1")), Some((Side::Second, false)));
        // The same piece again takes it away.
        editor.tap(sq("a1"));
        assert_eq!(editor.piece(sq("a1")), None);
        editor.tap(sq("b2"));
        editor.drag(sq("b2"), sq("c3"));
        assert_eq!(editor.piece(sq("b2")), None);
        assert_eq!(editor.piece(sq("c3")), Some((Side::Second, false)));
        // Off the board: nothing.
        editor.tap(sq("h8"));
        assert_eq!(editor.setup().second.count(), 1);
        editor.brush = Brush::Erase;
        editor.tap(sq("c3"));
        assert!(editor.setup().second.is_empty());
    }

    #[test]
    fn another_game_of_the_same_board_keeps_the_arrangement() {
        // The Kharbaga start pasted while Seega 9×9 is shown opens as Seega
        // 5×5 (a 5×5 board without Mullahs); choosing Kharbaga keeps it.
        let mut editor = Editor::new(Rules::new(Variant::Seega(BoardSize::Nine)));
        let start = Position::new(Rules::new(Variant::Kharbaga));
        editor.paste(&start.to_string()).unwrap();
        assert_eq!(editor.rules().variant, Variant::Seega(BoardSize::Five));
        editor.set_variant(Variant::Kharbaga);
        assert_eq!(editor.verdict(), Ok(start));
        // Back to Seega: the Mullahs go, the soldiers stay.
        editor.brush = Brush::Mullah(Side::First);
        editor.tap(sq("c3"));
        editor.set_variant(Variant::Seega(BoardSize::Five));
        assert!(editor.setup().mullahs.is_empty());
        assert_eq!(editor.brush, Brush::Soldier(Side::First));
        assert_eq!(editor.piece(sq("c3")), Some((Side::First, false)));
        // Another board starts afresh.
        editor.set_variant(Variant::Kharbga);
        assert_eq!(editor.verdict(), Ok(Position::new(Rules::kharbga())));
    }

    #[test]
    fn the_first_turn_mark_is_kept_while_it_can_hold() {
        // Kharbga just after the setting: the Attacker's first turn.
        let mut game = crate::engine::Game::new(Rules::kharbga());
        let mut rng = crate::ai::Rng::new(3);
        while game.position().is_setting() {
            let plies = game.position().legal_plies();
            game.play(plies[rng.below(plies.len())]).unwrap();
        }
        let position = *game.position();
        assert!(position.to_setup().first_turn);
        let mut editor = Editor::from_position(&position);
        assert_eq!(editor.verdict(), Ok(position));
        // The Defender to move: the mark goes.
        editor.set_to_move(Side::Second);
        assert!(!editor.setup().first_turn);
    }

    #[test]
    fn while_setting_the_soldiers_in_hand_follow_the_board() {
        let mut editor = Editor::new(Rules::kharbga());
        for name in ["c4", "d5"] {
            editor.tap(sq(name));
        }
        editor.brush = Brush::Soldier(Side::Second);
        editor.tap(sq("e4"));
        editor.tap(sq("f6"));
        assert_eq!(editor.setup().in_hand, [22, 22]);
        assert!(editor.verdict().is_ok(), "{:?}", kind(&editor));
        assert_eq!(editor.verdict().unwrap().in_hand(Side::First), 22);
    }

    #[test]
    fn each_reason_the_editor_refuses() {
        // Too many soldiers (moving, Seega 5×5: 12 a side).
        let mut editor = Editor::new(Rules::new(Variant::Seega(BoardSize::Five)));
        editor.set_phase(EditPhase::Moving);
        for square in BoardSize::Five.all_squares().take(13) {
            editor.tap(square);
        }
        editor.brush = Brush::Soldier(Side::Second);
        editor.tap(sq("e5"));
        assert!(matches!(
            kind(&editor),
            Some(K::TooManySoldiers {
                side: Side::First,
                found: 13,
                most: 12
            })
        ));

        // A soldier on the Malha while setting.
        let mut editor = Editor::new(Rules::kharbga());
        editor.tap(sq("d4"));
        assert_eq!(kind(&editor), Some(K::SoldierOnMalha));

        // Setting out of turn: the second player has set two, the first none.
        let mut editor = Editor::new(Rules::kharbga());
        editor.brush = Brush::Soldier(Side::Second);
        editor.tap(sq("a1"));
        editor.tap(sq("a2"));
        assert_eq!(kind(&editor), Some(K::SettingTurn { side: Side::First }));

        // A side that has already lost: no soldier left, while moving.
        let mut editor = Editor::new(Rules::kharbga());
        editor.set_phase(EditPhase::Moving);
        editor.tap(sq("a1"));
        assert_eq!(
            kind(&editor),
            Some(K::AlreadyOver {
                outcome: crate::engine::Outcome {
                    winner: Some(Side::First),
                    reason: Reason::NoSoldiers
                }
            })
        );
        // Kharbaga too: the side to move has no piece.
        let mut editor = Editor::new(Rules::new(Variant::Kharbaga));
        editor.clear();
        editor.tap(sq("a1"));
        editor.set_to_move(Side::Second);
        assert!(matches!(kind(&editor), Some(K::AlreadyOver { .. })));
        // The quiet limit already reached is over too.
        let mut editor = Editor::new(Rules::kharbga());
        editor.set_phase(EditPhase::Moving);
        editor.tap(sq("a1"));
        editor.brush = Brush::Soldier(Side::Second);
        editor.tap(sq("g7"));
        assert!(editor.verdict().is_ok());
        editor.set_quiet(Rules::kharbga().quiet_limit);
        assert!(matches!(
            kind(&editor),
            Some(K::AlreadyOver { outcome }) if outcome.reason == Reason::QuietLimit
        ));

        // Kharbaga: a soldier on its far rank is a Mullah.
        let mut editor = Editor::new(Rules::new(Variant::Kharbaga));
        editor.clear();
        editor.tap(sq("a1"));
        editor.brush = Brush::Soldier(Side::Second);
        editor.tap(sq("e5"));
        editor.tap(sq("c1"));
        assert_eq!(kind(&editor), Some(K::Unpromoted { square: sq("c1") }));
        editor.brush = Brush::Mullah(Side::Second);
        editor.tap(sq("c1"));
        assert!(editor.verdict().is_ok(), "{:?}", kind(&editor));

        // The Attacker cut off from the Malha (Kharbga's setting rule).
        let mut editor = Editor::new(Rules::kharbga());
        editor.brush = Brush::Soldier(Side::Second);
        for name in ["c4", "e4", "d3", "d5"] {
            editor.tap(sq(name));
        }
        editor.brush = Brush::Soldier(Side::First);
        for name in ["a1", "a2", "a3", "a4"] {
            editor.tap(sq(name));
        }
        assert_eq!(kind(&editor), Some(K::MalhaAccess));

        // A blocked side to move that would have passed (Kharbga, moving).
        let mut editor = Editor::new(Rules::kharbga());
        editor.set_phase(EditPhase::Moving);
        editor.clear();
        editor.tap(sq("a1"));
        editor.brush = Brush::Soldier(Side::Second);
        for name in ["a2", "b1", "b2", "a3", "c1"] {
            editor.tap(sq(name));
        }
        assert_eq!(
            kind(&editor),
            Some(K::WouldHavePassed { side: Side::First })
        );
    }

    #[test]
    fn addresses_and_pasted_text_round_trip() {
        let mut editor = Editor::new(Rules::new(Variant::Kharbaga));
        editor.brush = Brush::Mullah(Side::First);
        editor.tap(sq("c3"));
        editor.set_to_move(Side::Second);
        let fragment = editor.fragment();
        assert!(
            fragment.starts_with("#edit/kharbaga:quiet=32/"),
            "{fragment}"
        );
        assert!(!fragment.contains(' '));
        let back = Editor::from_place(&fragment[FRAGMENT.len()..])
            .unwrap()
            .unwrap();
        assert_eq!(back.setup(), editor.setup());
        assert_eq!(back.rules(), editor.rules());
        // A browser may escape characters of the address.
        let mut decoded = Editor::new(Rules::kharbga());
        decoded.paste(&fragment.replace(',', "%2C")).unwrap();
        assert_eq!(decoded.setup(), editor.setup());

        // A whole URL pasted, then a bare position string of another game.
        let mut other = Editor::new(Rules::kharbga());
        other
            .paste(&format!("http://127.0.0.1:8080/study.html{fragment}"))
            .unwrap();
        assert_eq!(other.setup(), editor.setup());
        let seega = Position::new(Rules::new(Variant::Seega(BoardSize::Nine))).to_string();
        other.paste(&seega).unwrap();
        assert_eq!(other.rules().variant, Variant::Seega(BoardSize::Nine));
        assert_eq!(other.phase(), EditPhase::Setting);

        // A game link opens its last position.
        let mut game = crate::engine::Game::new(Rules::new(Variant::Kharbaga));
        game.play_text("c2-c3").unwrap();
        let link = share::encode(&crate::engine::Record::new(game.clone()));
        other.paste(&format!("#{link}")).unwrap();
        assert_eq!(other.verdict().unwrap(), *game.position());

        // An analysis address opens the position it shows.
        let fragment =
            super::super::place::analyse_fragment(&crate::engine::Record::new(game.clone()), 0);
        other
            .paste(&format!("http://127.0.0.1:8080/study.html{fragment}"))
            .unwrap();
        assert_eq!(
            other.verdict().unwrap(),
            Position::new(Rules::new(Variant::Kharbaga))
        );
        other.paste(&format!("#{link}")).unwrap();

        // What does not read says why.
        assert!(matches!(
            other.paste("nonsense"),
            Err(PasteError::Position(_))
        ));
        assert!(matches!(
            other.paste("#edit/chess/x"),
            Err(PasteError::Rules(_))
        ));
        assert!(matches!(
            other.paste("#g1~broken"),
            Err(PasteError::Share(_))
        ));
        // And a refused paste changes nothing.
        assert_eq!(other.verdict().unwrap(), *game.position());
    }
}
