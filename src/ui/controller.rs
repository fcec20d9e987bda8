//! The game screen's state, without a browser: a [`Game`], what the player
//! has selected, the redo stack, the position being browsed, the exchange
//! toggle. Every gesture (tap, drag, key) becomes one of these methods; the
//! engine decides what is legal, this module only routes intents to it and
//! describes the result for the board.

use crate::engine::{Bitboard, Game, GameError, PlayedPly, Ply, Position, Rules, Side, Square};

use super::board_view::{BoardView, Marks};

/// What a gesture did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// A ply was played.
    Played(PlayedPly),
    /// A soldier was selected (or the selection moved to another one).
    Selected(Square),
    /// The selection was cleared.
    Cleared,
    /// The square is closed for now by the Malha-access rule.
    Forbidden(Square),
    /// Nothing happened: the gesture does not apply here.
    Ignored,
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
        }
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

    /// A tap (or click, or Enter) on `square`.
    pub fn tap(&mut self, square: Square) -> Response {
        let Some(position) = self.live().copied() else {
            return Response::Ignored;
        };
        if position.is_setting() {
            if position.malha_access_forbidden().contains(square) {
                return Response::Forbidden(square);
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
        if self.movable(&position).contains(square) {
            self.selected = Some(square);
            Response::Selected(square)
        } else if self.selected.take().is_some() {
            Response::Cleared
        } else {
            Response::Ignored
        }
    }

    /// A drag from `from` to `to`.
    pub fn drag(&mut self, from: Square, to: Square) -> Response {
        if from == to {
            return self.tap(from);
        }
        if self.live().is_none() {
            return Response::Ignored;
        }
        self.step(from, to)
    }

    /// Steps `from` → `to`, flagged when the toggle is on and the flag is legal.
    fn step(&mut self, from: Square, to: Square) -> Response {
        let flagged = Ply::flagged(from, to);
        let ply = if self.flag && self.game.position().is_legal(flagged) {
            flagged
        } else {
            Ply::step(from, to)
        };
        self.try_play(ply)
    }

    /// Shows `ply` as a hint, if it is legal now (cleared by the next ply).
    pub fn set_hint(&mut self, ply: Option<Ply>) {
        self.hint = ply.filter(|p| self.live().is_some_and(|position| position.is_legal(*p)));
    }

    /// Plays `ply` as given (the computer's answer), if it is legal now.
    pub fn play_ply(&mut self, ply: Ply) -> Response {
        self.try_play(ply)
    }

    /// Ends an optional chain.
    pub fn stop_chain(&mut self) -> Response {
        self.try_play(Ply::Stop)
    }

    fn try_play(&mut self, ply: Ply) -> Response {
        if self.live().is_none() {
            return Response::Ignored;
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
        // During a chain the chain soldier stays selected.
        self.selected = self.game.position().chain();
    }

    /// Soldiers of the side to move that have a legal step.
    fn movable(&self, position: &Position) -> Bitboard {
        position
            .legal_plies()
            .iter()
            .filter_map(|ply| match *ply {
                Ply::Step { from, .. } => Some(from),
                _ => None,
            })
            .collect()
    }

    /// Takes back the last ply (or a resignation or agreed draw).
    pub fn undo(&mut self) -> bool {
        self.browsing = None;
        self.hint = None;
        self.selected = None;
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

    /// `side` resigns.
    pub fn resign(&mut self, side: Side) -> bool {
        self.browsing = None;
        self.game.resign(side).is_ok()
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) -> bool {
        self.browsing = None;
        self.game.agree_draw().is_ok()
    }

    /// Shows the position before ply `index` (the current one for the last).
    pub fn browse(&mut self, index: usize) {
        let last = self.game.plies().len();
        self.selected = None;
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
        if self.browsing.is_none() && self.game.outcome().is_some() {
            view.phase = "over";
        }
        let shown_index = self.browsing.unwrap_or(self.game.plies().len());
        let mut marks = Marks::default();
        if let Some(last) = shown_index
            .checked_sub(1)
            .and_then(|i| self.game.plies().get(i))
        {
            marks.last_move = match last.ply {
                Ply::Place(s) | Ply::Remove(s) => Bitboard::from_square(s),
                Ply::Step { from, to, .. } => {
                    Bitboard::from_square(from) | Bitboard::from_square(to)
                }
                Ply::Stop => Bitboard::EMPTY,
            };
            if let Ply::Step { from, to, .. } = last.ply {
                // Seen from the arriving square, the side it came from.
                let came_from = match (from.file().cmp(&to.file()), from.rank().cmp(&to.rank())) {
                    (_, std::cmp::Ordering::Greater) => "n",
                    (_, std::cmp::Ordering::Less) => "s",
                    (std::cmp::Ordering::Greater, _) => "e",
                    _ => "w",
                };
                marks.arrived = Some((to, came_from));
            }
            let before = self.game.position_at(shown_index - 1);
            let gone = last.effects.captured | last.effects.removed;
            if let Some(before) = before {
                marks.removed = gone;
                marks.removed_sides = [
                    gone & before.soldiers(Side::First),
                    gone & before.soldiers(Side::Second),
                ];
                // The exchange's requesting soldier was removed where it arrived.
                if let Some(crate::engine::ExchangeEvent::Completed([soldier, _, _])) =
                    last.effects.exchange
                {
                    marks.removed_sides[1].insert(soldier);
                }
            }
        }
        if self.browsing.is_none() && self.game.outcome().is_none() {
            marks.selected = self.selected;
            marks.forced = position.chain();
            if let Some(from) = self.selected {
                marks.destinations = position.destinations(from);
            }
            if position.is_setting() {
                marks.placeable = position.placements();
                marks.forbidden = position.malha_access_forbidden();
            } else {
                marks.movable = self.movable(position);
            }
            if let Some(ply) = self.hint {
                marks.hint = match ply {
                    Ply::Place(s) | Ply::Remove(s) => Bitboard::from_square(s),
                    Ply::Step { from, to, .. } => {
                        Bitboard::from_square(from) | Bitboard::from_square(to)
                    }
                    Ply::Stop => Bitboard::EMPTY,
                };
            }
            if self.show_capturable && !position.is_setting() {
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
mod tests {
    use super::*;
    use crate::engine::BoardSize;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn played(response: Response) -> PlayedPly {
        match response {
            Response::Played(p) => p,
            other => panic!("expected a ply, got {other:?}"),
        }
    }

    fn controller(rules: Rules, text: &str) -> Controller {
        Controller::from_game(Game::from_position(
            Position::from_text(text, rules).unwrap(),
        ))
    }

    #[test]
    fn a_game_resumed_mid_chain_has_its_soldier_selected() {
        let c = controller(
            Rules::kharbga(),
            "7/3S3/3s3/1Ss1sS1/3S3/7/7 w 0,0 d3 - 0 20 -",
        );
        assert_eq!(c.board_view().marks.selected, Some(sq("d3")));
        assert!(!c.board_view().marks.destinations.is_empty());
    }

    #[test]
    fn taps_set_soldiers_while_setting_and_ignore_the_malha() {
        let mut c = Controller::new(Rules::kharbga());
        assert_eq!(c.tap(sq("d4")), Response::Ignored);
        played(c.tap(sq("c4")));
        played(c.tap(sq("a1")));
        assert_eq!(c.game().position().to_move(), Side::Second);
        let view = c.board_view();
        assert!(view.marks.placeable.contains(sq("b1")));
        assert!(!view.marks.placeable.contains(sq("d4")));
    }

    #[test]
    fn tap_tap_selects_then_steps_and_a_drag_steps_at_once() {
        let mut c = controller(
            Rules::seega(BoardSize::Five),
            "5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -",
        );
        assert_eq!(c.tap(sq("b3")), Response::Selected(sq("b3")));
        assert_eq!(names(c.board_view().marks.destinations), ["a3", "b4", "c3"]);
        assert_eq!(
            c.tap(sq("e5")),
            Response::Cleared,
            "an empty square that is no destination"
        );
        assert_eq!(c.tap(sq("c1")), Response::Selected(sq("c1")));
        let p = played(c.tap(sq("b1")));
        assert_eq!(p.ply.to_string(), "c1-b1");
        assert_eq!(names(p.effects.captured), ["b2"]);
        assert!(c.game().outcome().is_some());
        assert_eq!(c.tap(sq("b3")), Response::Ignored, "the game is over");
        let mut d = controller(
            Rules::seega(BoardSize::Five),
            "5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -",
        );
        assert_eq!(played(d.drag(sq("c1"), sq("b1"))).ply.to_string(), "c1-b1");
        assert_eq!(d.drag(sq("b3"), sq("e5")), Response::Ignored);
    }

    fn names(set: Bitboard) -> Vec<String> {
        let mut v: Vec<String> = set.map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn undo_and_redo_cross_turns_and_keep_the_redo_stack() {
        let mut c = Controller::new(Rules::seega(BoardSize::Five));
        for s in ["a1", "a2", "b1"] {
            played(c.tap(sq(s)));
        }
        assert!(c.undo());
        assert!(c.undo(), "back across the turn boundary");
        assert_eq!(c.game().plies().len(), 1);
        assert_eq!(c.game().position().to_move(), Side::First);
        assert_eq!(c.game().position().placed_this_turn(), 1);
        assert!(c.redo());
        assert!(c.can_redo(), "one more to redo");
        assert!(c.redo());
        assert!(!c.can_redo());
        assert_eq!(c.game().plies().len(), 3);
        c.undo();
        played(c.tap(sq("e5")));
        assert!(!c.can_redo(), "a new ply forgets the redo stack");
    }

    #[test]
    fn browsing_shows_earlier_positions_and_blocks_play() {
        let mut c = Controller::new(Rules::seega(BoardSize::Five));
        for s in ["a1", "a2", "b1", "b2"] {
            played(c.tap(sq(s)));
        }
        c.browse(1);
        assert_eq!(c.shown().soldiers(Side::First).count(), 1);
        assert_eq!(c.tap(sq("e5")), Response::Ignored);
        c.browse_by(-5);
        assert_eq!(c.browsing(), Some(0));
        c.browse_by(10);
        assert_eq!(c.browsing(), None, "past the end is the game itself");
        c.browse_start();
        c.back_to_game();
        played(c.tap(sq("e5")));
        assert_eq!(names(c.board_view().marks.last_move), ["e5"]);
    }

    #[test]
    fn the_exchange_toggle_flags_the_next_step_only_when_allowed() {
        let mut c = controller(
            Rules::kharbga(),
            "4ss1/4sss/4sss/7/7/S6/SS5 b 0,0 - - 0 40 -",
        );
        assert!(c.flag_available());
        c.set_flag(true);
        c.tap(sq("f7"));
        let p = played(c.tap(sq("g7")));
        assert_eq!(p.ply.to_string(), "f7-g7*");
        assert!(!c.flag(), "the toggle resets after a step");
        assert!(c.board_view().marks.untouchable.contains(sq("g7")));
        // The Attacker answers without the flag: declined.
        let p = played(c.drag(sq("a2"), sq("a3")));
        assert_eq!(p.ply.to_string(), "a2-a3");
        assert!(c.flag_available(), "the Defender may ask again");
        let mut lone = controller(Rules::kharbga(), "4ss1/4sss/4sss/7/7/7/S6 b 0,0 - - 0 40 -");
        lone.set_flag(true);
        assert!(!lone.flag(), "one Attacker soldier: no exchange, no toggle");
    }

    #[test]
    fn a_chain_keeps_its_soldier_selected_and_can_stop_in_seega() {
        let mut c = controller(
            Rules::seega(BoardSize::Five),
            "2S2/2s2/S3s/Sss2/1S1S1 w 0,0 - - 0 20 -",
        );
        played(c.drag(sq("a3"), sq("b3")));
        assert_eq!(c.selected(), Some(sq("b3")));
        assert_eq!(c.board_view().marks.forced, Some(sq("b3")));
        assert!(c.can_stop());
        played(c.stop_chain());
        assert_eq!(c.game().position().to_move(), Side::Second);
        assert!(!c.can_stop());
    }

    #[test]
    fn a_square_the_malha_rule_closes_says_so() {
        let mut c = controller(
            Rules::kharbga(),
            "7/7/7/2s1s2/3s3/7/SSSS3 b 20,21 - - 0 3 -",
        );
        assert_eq!(c.tap(sq("d5")), Response::Forbidden(sq("d5")));
        assert!(c.board_view().marks.forbidden.contains(sq("d5")));
        assert!(matches!(c.tap(sq("a7")), Response::Played(_)));
    }

    #[test]
    fn a_blocked_player_taps_the_soldier_to_remove() {
        let rules = Rules {
            blocked: crate::engine::BlockedRule::Remove,
            ..Rules::seega(BoardSize::Five)
        };
        let mut c = controller(rules, "sS3/S4/5/5/4S b 0,0 - - 0 20 -");
        assert_eq!(played(c.tap(sq("b5"))).ply.to_string(), "xb5");
    }

    #[test]
    fn resignation_ends_the_game_and_undo_takes_it_back() {
        let mut c = Controller::new(Rules::kharbga());
        played(c.tap(sq("c4")));
        assert!(c.resign(Side::First));
        assert!(c.game().outcome().is_some());
        assert!(c.can_undo());
        assert!(c.undo());
        assert!(c.game().outcome().is_none());
        assert_eq!(
            c.game().plies().len(),
            1,
            "the ply stays; only the resignation is gone"
        );
    }
}
