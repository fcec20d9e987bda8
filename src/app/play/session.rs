//! A game on the screen, without a browser: who plays it ([`Match`]: the
//! rules, the names and each side's [`Seats`]), the game as it is saved
//! ([`Session`]), and the questions the screen asks of them in one place:
//! is it the computer's turn, what does autosave write.

use crate::ai::Level;
use crate::engine::{Game, Millis, Movetext, Record, Rules, Side, TimeControl, Timing};
use crate::store::{Meta, OnlineSeat, SavedGame, Seat, Seats};

use super::controller::Controller;
use crate::app::services::browser::{fresh_id, now_ms, record_date};
use crate::engine::timing::GameClock;

/// Who plays, under which rules: what the new-game screen hands over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The rules.
    pub rules: Rules,
    /// The first player's name (the Attacker in Kharbga).
    pub first: String,
    /// The second player's name.
    pub second: String,
    /// Who sits at each side.
    pub seats: Seats,
    /// The time control of a timed game.
    pub clock: Option<TimeControl>,
}

impl Match {
    /// Two people at this device, under `rules`, names to be filled in.
    pub fn local(rules: Rules) -> Match {
        Match {
            rules,
            first: String::new(),
            second: String::new(),
            seats: Seats::LOCAL,
            clock: None,
        }
    }

    /// The same players, sides swapped (players switch after a game).
    pub fn swapped(&self) -> Match {
        Match {
            rules: self.rules,
            first: self.second.clone(),
            second: self.first.clone(),
            seats: self.seats.swapped(),
            clock: self.clock,
        }
    }

    /// The name of the player of `side`.
    pub fn name(&self, side: Side) -> &str {
        match side {
            Side::First => &self.first,
            Side::Second => &self.second,
        }
    }
}

/// A game on the screen as it is saved: its id, when it started, the name
/// given in the library, the game itself and the board's orientation.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    /// The library id.
    pub id: String,
    /// When it started (the page's clock).
    pub created: Millis,
    /// The record's `Date` tag for it.
    pub date: String,
    /// The name given in the library.
    pub title: Option<String>,
    /// The game so far (from the empty board or a chosen position).
    pub game: Game,
    /// The board seen from the second player's side.
    pub flipped: bool,
    /// An online game's room and secrets.
    pub online: Option<OnlineSeat>,
    /// A timed game's plies' time tags.
    pub timing: Timing,
    /// A timed game's clocks when it was saved…
    pub clock: Option<[Millis; 2]>,
    /// …at this time (the page's clock).
    pub saved: Millis,
}

impl Session {
    /// A new game from `game`'s start, with a fresh id, started at `now`
    /// (the page's clock) on `date`.
    pub fn new(game: Game, id: String, now: Millis, date: String) -> Session {
        Session {
            id,
            created: now,
            date,
            title: None,
            game,
            flipped: false,
            online: None,
            timing: Timing::default(),
            clock: None,
            saved: now,
        }
    }

    /// A saved game's session and match, from its entry and its replayed record.
    pub fn from_saved(saved: &SavedGame, record: Record) -> (Match, Session) {
        let game_match = Match {
            rules: *record.game.rules(),
            first: record.first.clone(),
            second: record.second.clone(),
            seats: saved.seats,
            clock: record.timing.control,
        };
        let session = Session {
            id: saved.id.clone(),
            created: saved.created,
            date: record.date.clone(),
            title: saved.title.clone(),
            game: record.game,
            flipped: saved.flipped,
            online: saved.online.clone(),
            timing: record.timing,
            clock: saved.clock,
            saved: saved.updated,
        };
        (game_match, session)
    }

    /// What autosave writes for this session now: the entry built from the
    /// live game (its record text and summary), nothing replayed; the
    /// movetext written before is kept in `movetext` and only new plies are
    /// added to it.
    pub fn entry(
        &self,
        game_match: &Match,
        game: &Game,
        flipped: bool,
        now: Millis,
        movetext: &mut Movetext,
        clock: Option<&GameClock>,
    ) -> SavedGame {
        let meta = Meta {
            id: self.id.clone(),
            created: self.created,
            title: self.title.clone(),
            first: game_match.first.clone(),
            second: game_match.second.clone(),
            date: self.date.clone(),
            seats: game_match.seats,
            flipped,
            online: self.online.clone(),
            timing: clock.map(GameClock::timing).unwrap_or_default(),
            clock: clock.map(|c| c.both(now)),
        };
        SavedGame::from_game_with(&meta, game, now, movetext)
    }
}

/// The computer's request now, when it is its turn in the live game: the
/// game since its last removal (what the repetition rule still counts) and
/// the level. Browsing the move list holds the computer back, but not on
/// the clock (`timed`): its time runs, so it thinks and plays.
pub fn computer_turn(seats: Seats, controller: &Controller, timed: bool) -> Option<(Game, Level)> {
    let game = controller.game();
    let position = game.position();
    // (Each side's own level: the computer may play both, as in a
    // tournament's game between two levels.)
    let Seat::Computer(level) = seats.seat(position.to_move()) else {
        return None;
    };
    ((timed || controller.browsing().is_none()) && game.outcome().is_none())
        .then(|| (game.tail(), level))
}

/// A new session for `game`, starting now.
pub fn new_session(game: Game) -> Session {
    let now = now_ms();
    Session::new(game, fresh_id(), now, record_date(now))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::BoardSize;

    #[test]
    fn two_computers_are_each_asked_on_their_own_turn_at_their_own_level() {
        let seats = Seats([
            Seat::Computer(Level::Search(1)),
            Seat::Computer(Level::Search(4)),
        ]);
        let mut c = Controller::new(Rules::seega(BoardSize::Five));
        c.hands = seats.hands();
        assert_eq!(c.hands, crate::store::Hands::None);
        let (_, level) = computer_turn(seats, &c, false).expect("the first's turn");
        assert_eq!(level, Level::Search(1));
        c.play_ply("a1".parse().unwrap());
        c.play_ply("a2".parse().unwrap());
        let (game, level) = computer_turn(seats, &c, false).expect("the second's turn");
        assert_eq!(game.position().to_move(), Side::Second);
        assert_eq!(level, Level::Search(4));
    }

    #[test]
    fn the_computer_is_asked_only_on_its_turn_in_the_live_game() {
        let seats = Seats::against_computer(Side::Second, Level::Search(2));
        let mut c = Controller::new(Rules::seega(BoardSize::Five));
        c.hands = seats.hands();
        assert_eq!(
            computer_turn(seats, &c, false),
            None,
            "the person sets first"
        );
        c.tap("a1".parse().unwrap());
        c.tap("a2".parse().unwrap());
        let (game, level) = computer_turn(seats, &c, false).expect("the computer's turn");
        assert_eq!(game.position().to_move(), Side::Second);
        assert_eq!(game.position(), c.game().position());
        assert_eq!(level, Level::Search(2));
        c.browse(0);
        assert_eq!(computer_turn(seats, &c, false), None, "not while browsing");
        assert!(computer_turn(seats, &c, true).is_some(), "but on the clock");
        assert_eq!(computer_turn(Seats::LOCAL, &c, true), None);
    }

    #[test]
    fn autosave_writes_the_live_game_with_its_summary() {
        let mut game = Game::new(Rules::seega(BoardSize::Five));
        for ply in ["a1", "a2", "b1"] {
            game.play_text(ply).unwrap();
        }
        let game_match = Match {
            first: "Amel".into(),
            second: "Youssef".into(),
            ..Match::local(Rules::seega(BoardSize::Five))
        };
        let session = Session::new(
            Game::new(Rules::seega(BoardSize::Five)),
            "g1".into(),
            Millis(10),
            "2026.11.22".into(),
        );
        let mut movetext = Movetext::default();
        let entry = session.entry(&game_match, &game, true, Millis(20), &mut movetext, None);
        assert_eq!((entry.plies, entry.result.as_str()), (3, "*"));
        assert_eq!(
            (entry.first.as_str(), entry.variant.as_str()),
            ("Amel", "seega5")
        );
        assert!(entry.flipped);
        let record = entry.parse_record().expect("the record replays");
        assert_eq!(record.game, game);
        assert_eq!(record.date, "2026.11.22");
        let (back, resumed) = Session::from_saved(&entry, record);
        assert_eq!(back, game_match);
        assert_eq!(resumed.game.plies().len(), 3);
        // Saved again after more plies, an undo and another ply: the kept
        // movetext gives the record a fresh write gives.
        for step in ["b2", "undo", "c1", "c2", "undo", "undo", "d1"] {
            if step == "undo" {
                game.undo();
            } else {
                game.play_text(step).unwrap();
            }
            let kept = session.entry(&game_match, &game, false, Millis(30), &mut movetext, None);
            let fresh = session.entry(
                &game_match,
                &game,
                false,
                Millis(30),
                &mut Movetext::default(),
                None,
            );
            assert_eq!(kept.record, fresh.record, "after {step}");
        }
    }
}
