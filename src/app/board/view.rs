//! What the board shows, computed without a browser.
//!
//! The `<Board>` component renders a [`BoardView`]; every decision about which
//! square sits where, which classes it carries and how it is announced is made
//! here, in plain Rust, so native unit tests cover it. The board knows no
//! rules: the view model is handed to it, with the sides a person here may
//! move for (its input mode, [`Hands`]: none for a replay or a spectator),
//! and free-form highlights and arrows (hints, lessons).

use crate::engine::{Bitboard, BoardSize, Direction, Phase, Position, Side, Square};
pub use crate::store::Hands;

/// What a free-form highlight means: each kind is a CSS class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Highlight {
    /// A suggestion (a hint, a lesson's answer).
    Hint,
    /// Something to look at.
    Focus,
    /// Something that goes wrong.
    Danger,
}

impl Highlight {
    /// The class a highlighted square carries and an arrow's class suffix.
    pub const fn class(self) -> &'static str {
        match self {
            Highlight::Hint => "hint",
            Highlight::Focus => "focus",
            Highlight::Danger => "danger",
        }
    }
}

/// An arrow drawn over the board, from the centre of one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
    /// What it means.
    pub kind: Highlight,
}

/// What the board highlights, as sets of squares. The controller fills it
/// from the engine's answers; the board only draws it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The selected soldier.
    pub selected: Option<Square>,
    /// Legal destinations of the selected soldier.
    pub destinations: Bitboard,
    /// The squares of the last ply.
    pub last_move: Bitboard,
    /// The soldier that must go on capturing.
    pub forced: Option<Square>,
    /// Soldiers of the side to move that the opponent could capture next.
    pub capturable: Bitboard,
    /// Kharbga: Defender soldiers out of the Attacker's reach.
    pub untouchable: Bitboard,
    /// Squares where a soldier may be set now.
    pub placeable: Bitboard,
    /// Empty squares the Malha-access rule forbids now.
    pub forbidden: Bitboard,
    /// Soldiers of the side to move that can step.
    pub movable: Bitboard,
    /// Kharbaga: the pieces that may make the compulsory capture.
    pub capturing: Bitboard,
    /// The last step, for its animation: where the soldier arrived and the
    /// side of that square it came from.
    pub arrived: Option<(Square, Direction)>,
    /// Soldiers the last ply took off the board, and whose they were: drawn
    /// fading out.
    pub removed: Bitboard,
    /// Whose soldiers `removed` were (first player's, second's).
    pub removed_sides: [Bitboard; 2],
    /// Free-form highlights: squares and what they mean.
    pub highlights: Vec<(Bitboard, Highlight)>,
    /// Arrows over the board.
    pub arrows: Vec<Arrow>,
}

/// Everything the board needs to draw one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// The board's side length.
    pub size: BoardSize,
    /// The soldier on each square, indexed by [`BoardView::index`].
    pieces: Vec<Option<Side>>,
    /// Draw the board from the second player's side (`h8`-style top-left).
    pub flipped: bool,
    /// Draw the Malha's motif (while soldiers are set); plainly afterwards.
    pub malha_motif: bool,
    /// Highlights.
    pub marks: Marks,
    /// The phase of the position shown: the board's `data-phase`.
    pub phase: Phase,
    /// The side to move: the board's `data-to-move`.
    pub to_move: Side,
    /// The sides a person here may move for: the board takes gestures only
    /// when the side to move is one of them.
    pub hands: Hands,
    /// Kharbaga: draw points joined by lines (eight directions) instead of squares.
    pub points: bool,
    /// Kharbaga: the pieces that are Mullahs.
    pub mullahs: Bitboard,
    /// The board editor's: every square takes taps and every piece may be
    /// dragged, whoever is to move.
    pub editing: bool,
}

/// How one square is drawn and announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareView {
    /// The square this cell shows.
    pub square: Square,
    /// The soldier on it, if any.
    pub piece: Option<Side>,
    /// Kharbaga: the piece on it is a Mullah.
    pub mullah: bool,
    /// Kharbaga: the board is drawn as points and lines.
    pub points: bool,
    /// True for the centre square.
    pub is_malha: bool,
    /// A soldier taken off this square by the last ply (drawn fading out).
    pub removed: Option<Side>,
    /// A legal destination of the selected soldier.
    pub is_destination: bool,
    /// The soldier that must go on capturing.
    pub is_forced: bool,
    /// A square the Malha-access rule forbids now.
    pub is_forbidden: bool,
    /// Space-separated CSS classes.
    pub classes: String,
}

/// A key that moves keyboard focus across the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FocusKey {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom of the screen.
    Down,
    /// Towards the left of the screen.
    Left,
    /// Towards the right of the screen.
    Right,
    /// The first square of the row on screen.
    RowStart,
    /// The last square of the row on screen.
    RowEnd,
}

impl FocusKey {
    /// The focus key for a `KeyboardEvent.key` value, if it is one.
    pub fn from_key(key: &str) -> Option<FocusKey> {
        Some(match key {
            "ArrowUp" => FocusKey::Up,
            "ArrowDown" => FocusKey::Down,
            "ArrowLeft" => FocusKey::Left,
            "ArrowRight" => FocusKey::Right,
            "Home" => FocusKey::RowStart,
            "End" => FocusKey::RowEnd,
            _ => return None,
        })
    }
}

impl BoardView {
    /// An empty board of the given size, seen from the first player's side.
    pub fn empty(size: BoardSize) -> BoardView {
        BoardView {
            size,
            pieces: vec![None; usize::from(size.squares())],
            flipped: false,
            malha_motif: true,
            marks: Marks::default(),
            phase: Phase::Setting,
            to_move: Side::First,
            hands: Hands::None,
            points: false,
            mullahs: Bitboard::EMPTY,
            editing: false,
        }
    }

    /// The soldiers of `position`, no highlights.
    pub fn from_position(position: &Position) -> BoardView {
        let mut view = BoardView::empty(position.size());
        for side in [Side::First, Side::Second] {
            for square in position.soldiers(side) {
                view.set(square, Some(side));
            }
        }
        view.malha_motif = position.is_setting();
        view.points = position.rules().variant.is_alquerque();
        view.mullahs = position.mullahs();
        view.phase = position.phase();
        view.to_move = position.to_move();
        view
    }

    /// True when the board takes gestures now: the game is on and a person
    /// here moves for the side to move (or the board is being edited).
    pub fn accepts_input(&self) -> bool {
        self.editing || (self.phase != Phase::Over && self.hands.moves_for(self.to_move))
    }

    fn index(&self, square: Square) -> Option<usize> {
        self.size.contains(square).then(|| {
            usize::from(square.rank()) * usize::from(self.size.side()) + usize::from(square.file())
        })
    }

    /// Puts `piece` on `square` (or empties it); squares off the board are ignored.
    pub fn set(&mut self, square: Square, piece: Option<Side>) {
        if let Some(i) = self.index(square) {
            self.pieces[i] = piece;
        }
    }

    /// The soldier on `square`, if any.
    pub fn piece(&self, square: Square) -> Option<Side> {
        self.index(square).and_then(|i| self.pieces[i])
    }

    /// The square drawn at screen `row` and `column` (both from the top-left).
    pub fn square_at(&self, row: u8, column: u8) -> Option<Square> {
        let side = self.size.side();
        if row >= side || column >= side {
            return None;
        }
        let (file, rank) = if self.flipped {
            (side - 1 - column, row)
        } else {
            (column, side - 1 - row)
        };
        Square::from_coords(file, rank)
    }

    /// The screen row and column of `square`.
    pub fn screen_position(&self, square: Square) -> (u8, u8) {
        let side = self.size.side();
        if self.flipped {
            (square.rank(), side - 1 - square.file())
        } else {
            (side - 1 - square.rank(), square.file())
        }
    }

    /// The rows of the board as drawn, top row first.
    pub fn rows(&self) -> Vec<Vec<SquareView>> {
        let side = self.size.side();
        (0..side)
            .map(|row| {
                (0..side)
                    .filter_map(|column| self.square_at(row, column))
                    .map(|square| self.square_view(square))
                    .collect()
            })
            .collect()
    }

    /// How `square` is drawn.
    pub fn square_view(&self, square: Square) -> SquareView {
        let piece = self.piece(square);
        let mullah = piece.is_some() && self.mullahs.contains(square);
        // Kharbaga's board has no Malha.
        let is_malha = !self.points && square == self.size.malha();
        let marks = &self.marks;
        let is_destination = marks.destinations.contains(square);
        let is_forced = marks.forced == Some(square);
        let is_forbidden = marks.forbidden.contains(square);
        let mut classes = vec!["square"];
        // The board is plain wood, but alternate squares are a shade apart so
        // the eye can follow a file or a rank (Kharbaga's points are all alike).
        classes.push(if self.points {
            "point"
        } else if (square.file() + square.rank()).is_multiple_of(2) {
            "dark"
        } else {
            "light"
        });
        if is_malha {
            classes.push(if self.malha_motif {
                "malha"
            } else {
                "malha plain"
            });
        }
        classes.push(match piece {
            Some(Side::First) => "has-attacker",
            Some(Side::Second) => "has-defender",
            None => "empty",
        });
        // On a flipped board the soldier came from the opposite side of the screen.
        let arrived = marks
            .arrived
            .filter(|(s, _)| *s == square)
            .map(|(_, from)| if self.flipped { from.reverse() } else { from })
            .map(|from| match from {
                Direction::North => "n",
                Direction::South => "s",
                Direction::East => "e",
                Direction::West => "w",
            });
        let flags = [
            (arrived == Some("n"), "arrived-n"),
            (arrived == Some("s"), "arrived-s"),
            (arrived == Some("e"), "arrived-e"),
            (arrived == Some("w"), "arrived-w"),
            (marks.removed.contains(square) && piece.is_none(), "removed"),
            (marks.selected == Some(square), "selected"),
            (is_destination, "dest"),
            (marks.last_move.contains(square), "last-move"),
            (is_forced, "forced"),
            (
                marks.capturable.contains(square) && piece.is_some(),
                "capturable",
            ),
            (
                marks.untouchable.contains(square) && piece.is_some(),
                "untouchable",
            ),
            (marks.placeable.contains(square), "placeable"),
            (is_forbidden, "forbidden"),
            (marks.movable.contains(square), "movable"),
            (marks.capturing.contains(square), "must-capture"),
            (mullah, "has-mullah"),
        ];
        classes.extend(flags.iter().filter(|(on, _)| *on).map(|(_, class)| *class));
        for (squares, kind) in &marks.highlights {
            if squares.contains(square) {
                classes.push(kind.class());
            }
        }
        let removed = if piece.is_some() || !marks.removed.contains(square) {
            None
        } else if marks.removed_sides[0].contains(square) {
            Some(Side::First)
        } else {
            Some(Side::Second)
        };
        SquareView {
            square,
            piece,
            mullah,
            points: self.points,
            is_malha,
            removed,
            is_destination,
            is_forced,
            is_forbidden,
            classes: classes.join(" "),
        }
    }

    /// The file letters along the bottom edge, left to right on screen.
    pub fn file_labels(&self) -> Vec<char> {
        (0..self.size.side())
            .filter_map(|column| self.square_at(self.size.side() - 1, column))
            .map(Square::file_char)
            .collect()
    }

    /// The rank numbers along the left edge, top to bottom on screen.
    pub fn rank_labels(&self) -> Vec<char> {
        (0..self.size.side())
            .filter_map(|row| self.square_at(row, 0))
            .map(Square::rank_char)
            .collect()
    }

    /// An arrow as a line on screen, in hundredths of a square from the
    /// board's top-left corner: from the centre of one square to just short
    /// of the other's (so that the head shows). An arrow whose way back is
    /// drawn too (a line that goes and comes back) runs beside its centre
    /// line, on its right, so that the two read as two.
    pub fn arrow_line(&self, arrow: &Arrow) -> [i32; 4] {
        let [x1, y1, x2, y2] = self.centre_line(arrow);
        let back = self
            .marks
            .arrows
            .iter()
            .any(|a| a.from == arrow.to && a.to == arrow.from);
        if !back {
            return [x1, y1, x2, y2];
        }
        let (dx, dy) = (f64::from(x2 - x1), f64::from(y2 - y1));
        let length = dx.hypot(dy).max(1.0);
        // A fifth of a square to the right of the way it goes (y down).
        let (ox, oy) = (
            (-dy / length * 20.0).round() as i32,
            (dx / length * 20.0).round() as i32,
        );
        [x1 + ox, y1 + oy, x2 + ox, y2 + oy]
    }

    /// An arrow from one square's centre to just short of the other's.
    fn centre_line(&self, arrow: &Arrow) -> [i32; 4] {
        // In hundredths of a square (whole numbers: the page formats no
        // floating-point number, which keeps float printing out of it).
        let centre = |square: Square| {
            let (row, column) = self.screen_position(square);
            (i32::from(column) * 100 + 50, i32::from(row) * 100 + 50)
        };
        let (x1, y1) = centre(arrow.from);
        let (x2, y2) = centre(arrow.to);
        // Stop short of the target's centre so that the head shows.
        let length = f64::from(x2 - x1).hypot(f64::from(y2 - y1)).max(1.0);
        let short = |d: i32| (f64::from(d) / length * 30.0).round() as i32;
        [x1, y1, x2 - short(x2 - x1), y2 - short(y2 - y1)]
    }

    /// Where keyboard focus goes from `from` when `key` is pressed; it stays
    /// put at the edge of the board.
    pub fn next_focus(&self, from: Square, key: FocusKey) -> Square {
        let (row, column) = self.screen_position(from);
        let last = self.size.side() - 1;
        let (row, column) = match key {
            FocusKey::Up => (row.saturating_sub(1), column),
            FocusKey::Down => (row.saturating_add(1).min(last), column),
            FocusKey::Left => (row, column.saturating_sub(1)),
            FocusKey::Right => (row, column.saturating_add(1).min(last)),
            FocusKey::RowStart => (row, 0),
            FocusKey::RowEnd => (row, last),
        };
        self.square_at(row, column).unwrap_or(from)
    }
}

/// The token used in `data-piece` and in the square's label for a soldier.
pub fn piece_token(piece: Option<Side>) -> &'static str {
    match piece {
        Some(Side::First) => "attacker",
        Some(Side::Second) => "defender",
        None => "empty",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sq;

    #[test]
    fn rows_run_from_the_top_rank_down() {
        let view = BoardView::empty(BoardSize::Seven);
        let rows = view.rows();
        assert_eq!(rows.len(), 7);
        assert!(rows.iter().all(|row| row.len() == 7));
        assert_eq!(rows[0][0].square, sq("a7"));
        assert_eq!(rows[6][6].square, sq("g1"));
        assert_eq!(view.rank_labels().iter().collect::<String>(), "7654321");
        assert_eq!(view.file_labels().iter().collect::<String>(), "abcdefg");
    }

    #[test]
    fn a_line_that_goes_and_comes_back_draws_two_arrows_apart() {
        let mut view = BoardView::empty(BoardSize::Five);
        let arrow = |from, to| Arrow {
            from: sq(from),
            to: sq(to),
            kind: Highlight::Danger,
        };
        view.marks.arrows = vec![arrow("c5", "c4")];
        let alone = view.arrow_line(&view.marks.arrows[0]);
        assert_eq!(alone[0], alone[2], "straight down the file, on its centre");
        assert_eq!(alone[0], 250);
        view.marks.arrows.push(arrow("c4", "c5"));
        let there = view.arrow_line(&view.marks.arrows[0]);
        let back = view.arrow_line(&view.marks.arrows[1]);
        // Each beside the centre line, on its own side, parallel to it.
        assert_eq!(there[0], there[2]);
        assert_eq!(back[0], back[2]);
        assert!(there[0] != 250 && back[0] != 250);
        assert!((there[0] - 250) * (back[0] - 250) < 0, "{there:?} {back:?}");
        assert!((there[0] - back[0]).abs() >= 30, "far enough apart to read");
    }

    #[test]
    fn a_flipped_board_puts_the_last_square_top_left() {
        let mut view = BoardView::empty(BoardSize::Five);
        view.flipped = true;
        assert_eq!(view.rows()[0][0].square, sq("e1"));
        assert_eq!(view.rank_labels().iter().collect::<String>(), "12345");
        assert_eq!(view.file_labels().iter().collect::<String>(), "edcba");
        for square in BoardSize::Five.all_squares() {
            let (row, column) = view.screen_position(square);
            assert_eq!(view.square_at(row, column), Some(square));
        }
    }

    #[test]
    fn only_the_centre_is_the_malha() {
        for size in BoardSize::ALL {
            let view = BoardView::empty(size);
            let malhas: Vec<Square> = view
                .rows()
                .into_iter()
                .flatten()
                .filter(|cell| cell.is_malha)
                .map(|cell| cell.square)
                .collect();
            assert_eq!(malhas, [size.malha()]);
        }
        let view = BoardView::empty(BoardSize::Seven);
        assert!(view
            .square_view(sq("d4"))
            .classes
            .split(' ')
            .any(|c| c == "malha"));
        assert!(!view
            .square_view(sq("d5"))
            .classes
            .split(' ')
            .any(|c| c == "malha"));
    }

    #[test]
    fn pieces_show_in_classes_and_tokens() {
        let mut view = BoardView::empty(BoardSize::Seven);
        view.set(sq("c4"), Some(Side::First));
        view.set(sq("e4"), Some(Side::Second));
        view.set(sq("h9"), Some(Side::First)); // off a 7×7 board: ignored
        assert_eq!(view.piece(sq("c4")), Some(Side::First));
        assert_eq!(view.piece(sq("h9")), None);
        assert!(view.square_view(sq("c4")).classes.contains("has-attacker"));
        assert!(view.square_view(sq("e4")).classes.contains("has-defender"));
        assert_eq!(piece_token(view.piece(sq("e4"))), "defender");
        assert_eq!(piece_token(view.piece(sq("a1"))), "empty");
        let occupied = view
            .rows()
            .into_iter()
            .flatten()
            .filter(|c| c.piece.is_some())
            .count();
        assert_eq!(occupied, 2);
    }

    #[test]
    fn marks_become_classes() {
        let mut view = BoardView::empty(BoardSize::Seven);
        view.set(sq("d3"), Some(Side::First));
        view.marks.selected = Some(sq("d3"));
        view.marks.destinations = Bitboard::from_square(sq("d4"));
        view.marks.forbidden = Bitboard::from_square(sq("d5"));
        view.marks.capturable = Bitboard::from_square(sq("a1")); // empty: not marked
        let d3 = view.square_view(sq("d3"));
        assert!(d3.classes.contains("selected"));
        let d4 = view.square_view(sq("d4"));
        assert!(d4.is_destination && d4.classes.split(' ').any(|c| c == "dest"));
        assert!(view.square_view(sq("d5")).is_forbidden);
        assert!(!view.square_view(sq("a1")).classes.contains("capturable"));
        view.malha_motif = false;
        assert!(view.square_view(sq("d4")).classes.contains("plain"));
    }

    #[test]
    fn a_kharbaga_board_is_points_and_lines_with_mullahs_marked() {
        let position = crate::engine::Position::from_text(
            "M4/5/5/5/4s w 0,0 - - 0 1 -",
            crate::engine::Rules::kharbaga(),
        )
        .unwrap();
        let view = BoardView::from_position(&position);
        assert!(view.points);
        let a5 = view.square_view(sq("a5"));
        assert!(a5.mullah && a5.classes.contains("has-mullah") && a5.classes.contains("point"));
        assert!(!view.square_view(sq("e1")).mullah);
        assert!(
            !view.square_view(sq("c3")).is_malha,
            "no Malha on Kharbaga's board"
        );
    }

    #[test]
    fn arrow_keys_move_focus_on_screen_and_stop_at_edges() {
        let mut view = BoardView::empty(BoardSize::Seven);
        assert_eq!(view.next_focus(sq("d4"), FocusKey::Up), sq("d5"));
        assert_eq!(view.next_focus(sq("d4"), FocusKey::Right), sq("e4"));
        assert_eq!(view.next_focus(sq("a7"), FocusKey::Up), sq("a7"));
        assert_eq!(view.next_focus(sq("a7"), FocusKey::Left), sq("a7"));
        assert_eq!(view.next_focus(sq("c2"), FocusKey::RowEnd), sq("g2"));
        view.flipped = true;
        // Seen from the other side, "up" on screen is towards rank 1.
        assert_eq!(view.next_focus(sq("d4"), FocusKey::Up), sq("d3"));
        assert_eq!(view.next_focus(sq("d4"), FocusKey::Right), sq("c4"));
        assert_eq!(FocusKey::from_key("ArrowDown"), Some(FocusKey::Down));
        assert_eq!(FocusKey::from_key("x"), None);
    }
}
