//! The game screen's state, without a browser: a [`Game`], what the player
//! has selected, the redo stack, the position being browsed, the exchange
//! toggle. Every gesture (tap, drag, key) becomes one of these methods; the
//! engine decides what is legal, this module only routes intents to it and
//! describes the result for the board, and says why a gesture did nothing.

use crate::app::board::view::{Arrow, BoardView, Hands, Highlight, Marks};
use crate::engine::{
    Bitboard, Game, GameError, Leaps, Outcome, Phase, PlayedPly, Ply, Position, Reason, Rules,
    Side, Square,
};

/// What a gesture did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// A ply was played.
    Played(PlayedPly),
    /// A ply for the referee elsewhere to play (online: the table plays it
    /// by the engine, and the board follows the table's game).
    Proposed(Ply),
    /// A soldier was selected (or the selection moved to another one).
    Selected(Square),
    /// The selection was cleared.
    Cleared,
    /// The gesture does nothing here, and this is why: the player is told.
    Refused(Refusal),
    /// Nothing happened, and nothing needs saying (the game is over, or a
    /// position is being browsed).
    Ignored,
}

/// Why a tap or a drag did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The Malha stays empty while soldiers are set.
    Malha,
    /// The square is closed for now by the Malha-access rule.
    Forbidden(Square),
    /// A soldier already stands there (setting).
    Occupied,
    /// An enemy soldier: the player moves their own.
    Enemy,
    /// The player's soldier has nowhere to step.
    Blocked(Square),
    /// A chain is under way: only the chain soldier may move, and only to capture.
    Chain(Square),
    /// The exchange flag is on, and this step cannot carry it.
    Flag,
    /// An empty square with no soldier selected.
    Empty,
    /// Kharbaga: a capture is compulsory, and this piece has none.
    MustCapture,
    /// Kharbaga: the majority rule: this piece could take `this`, but a
    /// capture of `most` pieces is possible.
    Majority {
        /// The most pieces a move can take now.
        most: u8,
        /// What this piece could take.
        this: u8,
    },
    /// Kharbaga: a capturing move is under way; it goes on from this point.
    Leaping(Square),
}

impl Refusal {
    /// A stable token: what the screen's translations select on.
    pub const fn token(self) -> &'static str {
        match self {
            Refusal::Malha => "malha",
            Refusal::Forbidden(_) => "forbidden",
            Refusal::Occupied => "occupied",
            Refusal::Enemy => "enemy",
            Refusal::Blocked(_) => "blocked",
            Refusal::Chain(_) => "chain",
            Refusal::Flag => "flag",
            Refusal::Empty => "empty",
            Refusal::MustCapture => "must-capture",
            Refusal::Majority { .. } => "majority",
            Refusal::Leaping(_) => "leaping",
        }
    }
}

/// The game screen's state.
#[derive(Clone, Debug)]
pub struct Controller {
    game: Game,
    /// Plies taken back, most recent last, for redo.
    redo: Vec<Ply>,
    selected: Option<Square>,
    /// `Some(i)`: the board shows the position before ply `i` (browsing).
    browsing: Option<usize>,
    /// The exchange toggle: the next step carries the exchange flag.
    flag: bool,
    /// Draw the board from the second player's side.
    pub flipped: bool,
    /// Mark the soldiers the opponent could capture next move.
    pub show_capturable: bool,
    /// A suggested ply for the current position.
    hint: Option<Ply>,
    /// The sides a person here moves for.
    pub hands: Hands,
    /// Kharbaga: the capturing move being entered leap by leap (its piece's
    /// point and the landing points tapped so far).
    path: Option<Leaps>,
    /// The game is refereed elsewhere (online): a gesture proposes its ply
    /// instead of playing it, and the board follows the referee's game by
    /// what changed in it ([`Controller::follow_ply`],
    /// [`Controller::take_back_to`], the ends), or takes it whole when it
    /// was replaced ([`Controller::follow`]).
    proposes: bool,
}

impl Controller {
    /// A new game under `rules`.
    pub fn new(rules: Rules) -> Controller {
        Controller::from_game(Game::new(rules))
    }

    /// Continues `game`.
    pub fn from_game(game: Game) -> Controller {
        // A game resumed mid-chain has its chain soldier selected.
        let selected = game.position().chain();
        Controller {
            game,
            redo: Vec::new(),
            selected,
            browsing: None,
            flag: false,
            flipped: false,
            show_capturable: true,
            hint: None,
            hands: Hands::Both,
            path: None,
            proposes: false,
        }
    }

    /// Lets a referee elsewhere play this game: gestures then propose
    /// their ply ([`Response::Proposed`]) and [`Controller::follow`] takes
    /// the referee's game as it is.
    pub fn refereed_elsewhere(mut self) -> Controller {
        self.proposes = true;
        self
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position on the board: the browsed one, or the current one.
    pub fn shown(&self) -> &Position {
        self.browsing
            .and_then(|i| self.game.position_at(i))
            .unwrap_or_else(|| self.game.position())
    }

    /// The phase of the shown position (the game's own when it is current:
    /// a resignation or an agreed draw ends it).
    pub fn phase(&self) -> Phase {
        match self.browsing {
            Some(_) => self.shown().phase(),
            None => self.game.phase(),
        }
    }

    /// The ply index being browsed, if any.
    pub fn browsing(&self) -> Option<usize> {
        self.browsing
    }

    /// The selected soldier.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// True when the exchange toggle is on.
    pub fn flag(&self) -> bool {
        self.flag
    }

    /// True when some legal step may carry the exchange flag now.
    pub fn flag_available(&self) -> bool {
        self.live().is_some_and(|p| {
            p.legal_plies()
                .iter()
                .any(|ply| matches!(ply, Ply::Step { flagged: true, .. }))
        })
    }

    /// Turns the exchange toggle on or off (off when no flag is possible).
    pub fn set_flag(&mut self, on: bool) {
        self.flag = on && self.flag_available();
    }

    /// True when the current chain may be stopped.
    pub fn can_stop(&self) -> bool {
        self.live()
            .is_some_and(|p| p.legal_plies().contains(&Ply::Stop))
    }

    /// The current position when it is live (not browsing, not over).
    fn live(&self) -> Option<&Position> {
        let position = self.game.position();
        (self.browsing.is_none() && self.game.outcome().is_none()).then_some(position)
    }

    /// The capturing move being entered, leap by leap (Kharbaga).
    pub fn path(&self) -> Option<Leaps> {
        self.path.filter(|p| !p.is_empty())
    }

    /// The capturing plies that continue the path being entered (or start
    /// from the selected piece).
    fn continuations(&self, position: &Position) -> impl Iterator<Item = Leaps> {
        let path = self.path.or_else(|| self.selected.map(Leaps::new));
        position
            .legal_plies()
            .into_iter()
            .filter_map(move |ply| match (ply, path) {
                (Ply::Leap(leaps), Some(path)) if leaps.starts_with(&path) => Some(leaps),
                _ => None,
            })
    }

    /// The next landing points of the path being entered.
    fn next_landings(&self, position: &Position) -> Bitboard {
        let done = self.path.map_or(0, |p| p.len());
        self.continuations(position)
            .filter_map(|leaps| leaps.landings().get(done).copied())
            .collect()
    }

    /// A tap in Kharbaga: a step as in the other games, or the next landing
    /// point of a capturing move; the move is played when its last landing
    /// point is tapped.
    fn tap_points(&mut self, position: Position, square: Square) -> Response {
        if self.selected.is_some() && self.next_landings(&position).contains(square) {
            let mut path = self
                .path
                .unwrap_or_else(|| Leaps::new(self.selected.unwrap_or(square)));
            path.push(square);
            let longer = self.continuations(&position).any(|l| l.len() > path.len());
            self.path = Some(path);
            if !longer && position.is_legal(Ply::Leap(path)) {
                return self.try_play(Ply::Leap(path));
            }
            return Response::Selected(square);
        }
        if let Some(path) = self.path() {
            // Mid-capture: a tap on the starting point starts over.
            if square == path.from() {
                self.path = None;
                return Response::Selected(square);
            }
            return Response::Refused(Refusal::Leaping(path.end()));
        }
        if let Some(from) = self.selected {
            if from != square && position.destinations(from).contains(square) {
                return self.try_play(Ply::step(from, square));
            }
        }
        let mover = position.to_move();
        if self.movable(&position).contains(square) {
            self.selected = Some(square);
            self.path = None;
            return Response::Selected(square);
        }
        self.path = None;
        if self.selected.take().is_some() && position.piece_at(square).is_none() {
            return Response::Cleared;
        }
        Response::Refused(match position.piece_at(square) {
            None => Refusal::Empty,
            Some(side) if side != mover => Refusal::Enemy,
            Some(_) if position.must_capture() => {
                let this = position.longest_capture_from(square);
                if this > 0 {
                    Refusal::Majority {
                        most: position.capture_length() as u8,
                        this: this as u8,
                    }
                } else {
                    Refusal::MustCapture
                }
            }
            Some(_) => Refusal::Blocked(square),
        })
    }

    /// A drag in Kharbaga: a step, or the capturing move that ends on `to`
    /// (when only one does; else its first leap, to go on tapping).
    fn drag_points(&mut self, position: Position, from: Square, to: Square) -> Response {
        if position.is_legal(Ply::step(from, to)) {
            return self.try_play(Ply::step(from, to));
        }
        self.selected = Some(from);
        self.path = None;
        let ending: Vec<Leaps> = self
            .continuations(&position)
            .filter(|l| l.end() == to)
            .collect();
        if let [only] = ending.as_slice() {
            return self.try_play(Ply::Leap(*only));
        }
        self.tap_points(position, to)
    }

    /// A tap (or click, or Enter) on `square`.
    pub fn tap(&mut self, square: Square) -> Response {
        let Some(position) = self.live().copied() else {
            return Response::Ignored;
        };
        if position.rules().variant.is_alquerque() {
            return self.tap_points(position, square);
        }
        if position.is_setting() {
            if square == position.size().malha() {
                return Response::Refused(Refusal::Malha);
            }
            if position.malha_access_forbidden().contains(square) {
                return Response::Refused(Refusal::Forbidden(square));
            }
            if position.piece_at(square).is_some() {
                return Response::Refused(Refusal::Occupied);
            }
            return self.try_play(Ply::Place(square));
        }
        // A blocked player (under the removal option) taps the enemy soldier to remove.
        if position.is_legal(Ply::Remove(square)) {
            return self.try_play(Ply::Remove(square));
        }
        if let Some(from) = self.selected {
            if from != square && position.destinations(from).contains(square) {
                return self.step(from, square);
            }
        }
        let mover = position.to_move();
        if self.movable(&position).contains(square) {
            self.selected = Some(square);
            return Response::Selected(square);
        }
        if position.chain().is_none() && self.selected.take().is_some() {
            return Response::Cleared;
        }
        Response::Refused(match position.piece_at(square) {
            None => match position.chain() {
                Some(chain) => Refusal::Chain(chain),
                None => Refusal::Empty,
            },
            Some(side) if side != mover => Refusal::Enemy,
            Some(_) => match position.chain() {
                Some(chain) => Refusal::Chain(chain),
                None => Refusal::Blocked(square),
            },
        })
    }

    /// A drag from `from` to `to`.
    pub fn drag(&mut self, from: Square, to: Square) -> Response {
        if from == to {
            return self.tap(from);
        }
        let Some(position) = self.live().copied() else {
            return Response::Ignored;
        };
        if position.rules().variant.is_alquerque() {
            return self.drag_points(position, from, to);
        }
        self.step(from, to)
    }

    /// Steps `from` → `to`, flagged when the toggle is on: a step that
    /// cannot carry the flag is refused while the toggle is on (turn it off
    /// to play it plainly), never silently played without it.
    fn step(&mut self, from: Square, to: Square) -> Response {
        let position = *self.game.position();
        if self.flag {
            let flagged = Ply::flagged(from, to);
            if position.is_legal(flagged) {
                return self.try_play(flagged);
            }
            if position.is_legal(Ply::step(from, to)) {
                return Response::Refused(Refusal::Flag);
            }
        }
        match self.try_play(Ply::step(from, to)) {
            Response::Ignored => {
                // A drag to a square the soldier cannot reach says why, as a tap would.
                self.selected = None;
                match position.piece_at(from) {
                    Some(side) if side != position.to_move() => Response::Refused(Refusal::Enemy),
                    Some(_) => Response::Refused(match position.chain() {
                        Some(chain) => Refusal::Chain(chain),
                        None if position.destinations(from).is_empty() => Refusal::Blocked(from),
                        None => Refusal::Empty,
                    }),
                    None => Response::Ignored,
                }
            }
            other => other,
        }
    }

    /// Shows `ply` as a hint, if it is legal now (cleared by the next ply).
    pub fn set_hint(&mut self, ply: Option<Ply>) {
        self.hint = ply.filter(|p| self.live().is_some_and(|position| position.is_legal(*p)));
    }

    /// Plays `ply` as given (the computer's answer), if it is legal now.
    pub fn play_ply(&mut self, ply: Ply) -> Response {
        self.try_play(ply)
    }

    /// Follows a game changed elsewhere (an online peer's ply, this page's
    /// ply played by the referee, a resync, a takeback). A game refereed
    /// elsewhere is taken as it is (the referee's engine checked it); else
    /// a ply that extends the game is played here. A ply that extends the
    /// game is returned, to be announced. Any other change replaces the
    /// game, keeping the board's orientation, the hands and the browsed
    /// position if it still exists.
    pub fn follow(&mut self, game: &Game) -> Option<PlayedPly> {
        if self.game == *game {
            return None;
        }
        let n = self.game.plies().len();
        let extends = game.plies().len() == n + 1
            && game.plies()[..n] == *self.game.plies()
            && game.outcome().is_none() == self.game.outcome().is_none();
        if extends {
            if let Some(last) = game.plies().last() {
                let browsing = self.browsing.take();
                if self.proposes {
                    self.game = game.clone();
                    self.after_play(last.ply);
                    self.browsing = browsing;
                    return Some(*last);
                }
                if let Response::Played(played) = self.try_play(last.ply) {
                    self.browsing = browsing;
                    if self.game == *game {
                        return Some(played);
                    }
                }
                self.browsing = browsing;
            }
        }
        let browsing = self.browsing.filter(|i| *i < game.plies().len());
        let (flipped, show, hands, proposes) = (
            self.flipped,
            self.show_capturable,
            self.hands,
            self.proposes,
        );
        *self = Controller::from_game(game.clone());
        self.flipped = flipped;
        self.show_capturable = show;
        self.hands = hands;
        self.browsing = browsing;
        self.proposes = proposes;
        None
    }

    /// Follows a ply the referee elsewhere played at the end of its game
    /// (the opponent's, or this player's own once the referee took it):
    /// played here too, the browsed position kept. `None` when it does not
    /// follow from this game (the caller then takes the referee's game
    /// whole).
    pub fn follow_ply(&mut self, played: &PlayedPly) -> Option<PlayedPly> {
        let browsing = self.browsing.take();
        let here = self.game.play(played.ply).ok().copied();
        self.browsing = browsing;
        let here = here?;
        self.after_play(here.ply);
        Some(here)
    }

    /// Goes back to the game's first `plies` plies, without an end the
    /// players decided (the referee's takeback, or its record going another
    /// way from there). Nothing is kept to redo; a browsed position that is
    /// gone is left.
    pub fn take_back_to(&mut self, plies: usize) {
        if self.game.is_decided() {
            self.game.undo();
        }
        while self.game.plies().len() > plies {
            self.game.undo();
        }
        self.redo.clear();
        self.hint = None;
        self.path = None;
        self.flag = false;
        self.selected = self.game.position().chain();
        self.browsing = self.browsing.filter(|i| *i < self.game.plies().len());
    }

    /// Ends an optional chain.
    pub fn stop_chain(&mut self) -> Response {
        self.try_play(Ply::Stop)
    }

    fn try_play(&mut self, ply: Ply) -> Response {
        let Some(position) = self.live() else {
            return Response::Ignored;
        };
        if self.proposes {
            // The referee plays it; the board only asks the engine whether
            // it is a ply at all, to say why a gesture did nothing as it
            // does offline. What was being entered is done with.
            if !position.is_legal(ply) {
                return Response::Ignored;
            }
            self.flag = false;
            self.hint = None;
            self.path = None;
            return Response::Proposed(ply);
        }
        match self.game.play(ply) {
            Ok(played) => {
                let played = *played;
                self.after_play(ply);
                Response::Played(played)
            }
            Err(GameError::Illegal(_) | GameError::Parse(_) | GameError::Over(_)) => {
                Response::Ignored
            }
        }
    }

    fn after_play(&mut self, ply: Ply) {
        // Redoing the same ply keeps the rest of the redo stack.
        if self.redo.last() == Some(&ply) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.flag = false;
        self.hint = None;
        self.path = None;
        // During a chain the chain soldier stays selected.
        self.selected = self.game.position().chain();
    }

    /// Soldiers of the side to move that have a legal step (or, in
    /// Kharbaga, a legal capture).
    fn movable(&self, position: &Position) -> Bitboard {
        position
            .legal_plies()
            .iter()
            .filter_map(|ply| match *ply {
                Ply::Step { from, .. } => Some(from),
                Ply::Leap(leaps) => Some(leaps.from()),
                _ => None,
            })
            .collect()
    }

    /// Takes back the last ply (or a resignation or agreed draw).
    pub fn undo(&mut self) -> bool {
        self.browsing = None;
        self.hint = None;
        self.selected = None;
        self.path = None;
        self.flag = false;
        if self.game.is_decided() {
            // Only the resignation or agreement is taken back.
            self.game.undo();
            return true;
        }
        match self.game.undo() {
            Some(ply) => {
                self.redo.push(ply);
                self.selected = self.game.position().chain();
                true
            }
            None => false,
        }
    }

    /// Plays again the last ply taken back.
    pub fn redo(&mut self) -> bool {
        self.browsing = None;
        match self.redo.last().copied() {
            Some(ply) => matches!(self.try_play(ply), Response::Played(_)),
            None => false,
        }
    }

    /// True when a ply can be taken back.
    pub fn can_undo(&self) -> bool {
        !self.game.plies().is_empty() || self.game.is_decided()
    }

    /// True when a ply can be played again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back plies until a person here is to move again: against the
    /// computer, undo goes back to your own turn.
    pub fn undo_to_hands(&mut self) -> bool {
        let undone = self.undo();
        while undone && !self.hands.moves_for(self.game.position().to_move()) && self.undo() {}
        undone
    }

    /// The person here resigns: for their own side when they play one, for
    /// the side to move when both players are here.
    pub fn resign_here(&mut self) -> bool {
        let side = match self.hands {
            Hands::One(side) => side,
            Hands::Both | Hands::None => self.game.position().to_move(),
        };
        self.resign(side)
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side) -> bool {
        self.browsing = None;
        self.game.resign(side).is_ok()
    }

    /// The side to move's time ran out: the engine says what it means.
    pub fn time_out(&mut self) -> bool {
        self.browsing = None;
        self.selected = None;
        self.path = None;
        self.hint = None;
        self.game.time_out().is_ok()
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) -> bool {
        self.browsing = None;
        self.game.agree_draw().is_ok()
    }

    /// The players ended the game elsewhere (the referee of an online
    /// game says so): a resignation, an agreed draw or a flag, as the
    /// engine applies it here. True when the game ended so.
    pub fn end(&mut self, outcome: Outcome) -> bool {
        let ended = match (outcome.reason, outcome.winner) {
            (Reason::Resignation, Some(winner)) => self.resign(winner.opponent()),
            (Reason::AgreedDraw, _) => self.agree_draw(),
            (Reason::Time, _) => self.time_out(),
            _ => false,
        };
        ended && self.game.outcome() == Some(outcome)
    }

    /// Shows the position before ply `index` (the current one for the last).
    pub fn browse(&mut self, index: usize) {
        let last = self.game.plies().len();
        self.selected = None;
        self.path = None;
        self.browsing = (index < last).then_some(index);
    }

    /// Moves the browsed position by `delta` plies, staying in the game.
    pub fn browse_by(&mut self, delta: isize) {
        let last = self.game.plies().len();
        let at = self.browsing.unwrap_or(last);
        self.browse(at.saturating_add_signed(delta).min(last));
    }

    /// Shows the start of the game.
    pub fn browse_start(&mut self) {
        self.browse(0);
    }

    /// Back to the current position.
    pub fn back_to_game(&mut self) {
        self.browsing = None;
    }

    /// The board's view model for the shown position.
    pub fn board_view(&self) -> BoardView {
        let position = self.shown();
        let mut view = BoardView::from_position(position);
        view.flipped = self.flipped;
        view.phase = self.phase();
        // Only the live game takes gestures.
        view.hands = if self.browsing.is_none() {
            self.hands
        } else {
            Hands::None
        };
        let shown_index = self.browsing.unwrap_or(self.game.plies().len());
        let mut marks = Marks::default();
        if let Some(last) = shown_index
            .checked_sub(1)
            .and_then(|i| self.game.plies().get(i))
        {
            marks.last_move = last.ply.squares();
            if let Ply::Step { from, to, .. } = last.ply {
                // Seen from the arriving square, the side it came from.
                marks.arrived = to.direction_to(from).map(|side| (to, side));
            }
            let lost = last.lost();
            marks.removed = lost[0] | lost[1];
            marks.removed_sides = lost;
        }
        let live = self.browsing.is_none() && self.game.outcome().is_none();
        if live {
            marks.selected = self.selected;
            // A chain's soldier, or the point a Kharbaga capture goes on from.
            marks.forced = position.chain().or(self.path().map(|p| p.end()));
            if let Some(from) = self.selected {
                marks.destinations = if self.path().is_some() {
                    Bitboard::EMPTY
                } else {
                    position.destinations(from)
                };
                if position.rules().variant.is_alquerque() {
                    marks.destinations |= self.next_landings(position);
                }
            }
            if let Some(path) = self.path() {
                // The capture entered so far: its leaps drawn, its landing
                // points and the pieces it takes marked.
                let mut at = path.from();
                for &landing in path.landings() {
                    marks.arrows.push(Arrow {
                        from: at,
                        to: landing,
                        kind: Highlight::Focus,
                    });
                    at = landing;
                }
                let crossed = path
                    .landings()
                    .iter()
                    .fold(Bitboard::EMPTY, |set, &l| set | Bitboard::from_square(l));
                marks.highlights.push((
                    crossed | Bitboard::from_square(path.from()),
                    Highlight::Focus,
                ));
                marks
                    .highlights
                    .push((position.taken_by(&path), Highlight::Danger));
            }
            if position.is_setting() {
                marks.placeable = position.placements();
                marks.forbidden = position.malha_access_forbidden();
            } else {
                marks.movable = self.movable(position);
            }
            if let Some(ply) = self.hint {
                marks.highlights.push((ply.squares(), Highlight::Hint));
                match ply {
                    Ply::Step { from, to, .. } => marks.arrows.push(Arrow {
                        from,
                        to,
                        kind: Highlight::Hint,
                    }),
                    Ply::Leap(leaps) => {
                        let mut at = leaps.from();
                        for &to in leaps.landings() {
                            marks.arrows.push(Arrow {
                                from: at,
                                to,
                                kind: Highlight::Hint,
                            });
                            at = to;
                        }
                    }
                    _ => {}
                }
            }
            if position.must_capture() {
                marks.capturing = marks.movable;
            }
            if self.show_capturable
                && !position.is_setting()
                && !position.rules().variant.is_alquerque()
            {
                marks.capturable = position.capturable(position.to_move());
            }
        }
        if position.rules().variant.is_kharbga() && !position.is_setting() {
            marks.untouchable = position.untouchables();
        }
        view.marks = marks;
        view
    }
}

#[cfg(test)]
mod tests;
