//! Plies and turns described for people, without a browser: the move list's
//! rows (one per turn number, each player's plies beside it), the notes
//! (captures, passes, exchange steps) that the screen then puts into words
//! from `locales/`, and the evaluation of a hint in words.

use crate::ai::Score;
use crate::engine::{ExchangeEvent, Game, PlayedPly, Side};

/// Something a ply did besides moving a soldier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The soldiers captured, as square names.
    Captures(String),
    /// The soldier removed by a blocked player.
    Removed(String),
    /// An exchange step (`request`, `offer`, `confirm`, `done`, `cancel`) and its squares.
    Exchange(&'static str, String),
    /// The side that was blocked and passed.
    Pass(Side),
    /// Kharbaga: the soldier became a Mullah on this point.
    Promoted(String),
}

/// The notes of a played ply, in the order they happened.
pub fn ply_notes(played: &PlayedPly) -> Vec<Note> {
    let names =
        |set: crate::engine::Bitboard| set.map(|s| s.to_string()).collect::<Vec<_>>().join(" ");
    let mut notes = Vec::new();
    let effects = &played.effects;
    if effects.captured.any() {
        notes.push(Note::Captures(names(effects.captured)));
    }
    if let Some(event) = effects.exchange {
        notes.push(match event {
            ExchangeEvent::Requested(s) => Note::Exchange("request", s.to_string()),
            ExchangeEvent::Offered(s) => Note::Exchange("offer", s.to_string()),
            ExchangeEvent::Confirmed(s) => Note::Exchange("confirm", s.to_string()),
            ExchangeEvent::Completed(squares) => Note::Exchange(
                "done",
                squares
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            ExchangeEvent::Cancelled => Note::Exchange("cancel", String::new()),
        });
    } else if effects.removed.any() {
        notes.push(Note::Removed(names(effects.removed)));
    }
    if let Some(square) = effects.promoted {
        notes.push(Note::Promoted(square.to_string()));
    }
    if let Some(side) = effects.passed {
        notes.push(Note::Pass(side));
        if effects.exchange_cancelled_by_pass {
            notes.push(Note::Exchange("cancel", String::new()));
        }
    }
    notes
}

/// One row of the move list: a turn number and what each player played in it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TurnRow {
    /// The turn number.
    pub turn: u16,
    /// The first player's plies, with their index in the game.
    pub first: Vec<(usize, PlayedPly)>,
    /// The second player's plies, with their index in the game.
    pub second: Vec<(usize, PlayedPly)>,
}

/// The game's plies as rows of the move list: one per turn number, like a
/// chess score sheet. A blocked player's column stays empty for the turn it
/// passed.
pub fn turn_rows(game: &Game) -> Vec<TurnRow> {
    let mut rows: Vec<TurnRow> = Vec::new();
    for (index, played) in game.plies().iter().enumerate() {
        let turn = game.position_at(index).map_or(1, |p| p.turn());
        if rows.last().is_none_or(|row| row.turn != turn) {
            rows.push(TurnRow {
                turn,
                ..TurnRow::default()
            });
        }
        if let Some(row) = rows.last_mut() {
            match played.side {
                Side::First => row.first.push((index, *played)),
                Side::Second => row.second.push((index, *played)),
            }
        }
    }
    rows
}

/// What a hint's score says, for words: a forced result, or who is ahead
/// by about how many soldiers (rounded), from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outlook {
    /// The side to move wins in this many plies.
    Wins(u32),
    /// The side to move loses in this many plies.
    Loses(u32),
    /// Neither side is ahead by half a soldier.
    Even,
    /// The side to move is ahead by about this many soldiers.
    Ahead(u32),
    /// The side to move is behind by about this many soldiers.
    Behind(u32),
}

/// The outlook a score gives.
pub fn outlook(score: Score) -> Outlook {
    match score.forced() {
        Some(n) if n >= 0 => Outlook::Wins(n.unsigned_abs()),
        Some(n) => Outlook::Loses(n.unsigned_abs()),
        None => {
            // Hundredths of a soldier, to the nearest soldier.
            let soldiers = (score.0.unsigned_abs() + 50) / 100;
            match (soldiers, score.0 > 0) {
                (0, _) => Outlook::Even,
                (n, true) => Outlook::Ahead(n),
                (n, false) => Outlook::Behind(n),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BoardSize, Position, Rules};

    #[test]
    fn rows_carry_one_turn_number_and_both_players() {
        let mut game = Game::new(Rules::seega(BoardSize::Five));
        for ply in ["a1", "a2", "b1", "b2", "c1"] {
            game.play_text(ply).unwrap();
        }
        let rows = turn_rows(&game);
        let shape: Vec<(u16, usize, usize)> = rows
            .iter()
            .map(|r| (r.turn, r.first.len(), r.second.len()))
            .collect();
        assert_eq!(shape, [(1, 2, 2), (2, 1, 0)]);
        // A pass leaves the blocked player's cell empty: the Attacker's
        // request ends with its own pass, the Defender plays on.
        let rules = Rules::kharbga();
        let mut passing = Game::from_position(
            Position::from_text("4ss1/4sss/4sss/7/7/ss5/SSs4 b 0,0 - - 0 40 -", rules).unwrap(),
        );
        passing.play_text("f7-g7*").unwrap();
        passing.play_text("g7-f7").unwrap();
        let rows = turn_rows(&passing);
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert!(rows[1].first.is_empty() && rows[1].second.len() == 1);
    }

    #[test]
    fn scores_read_as_words() {
        assert_eq!(outlook(Score(100)), Outlook::Ahead(1));
        assert_eq!(outlook(Score(-260)), Outlook::Behind(3));
        assert_eq!(outlook(Score(30)), Outlook::Even);
        assert_eq!(outlook(Score::win_in(3)), Outlook::Wins(3));
        assert_eq!(outlook(Score::loss_in(2)), Outlook::Loses(2));
    }

    #[test]
    fn notes_tell_captures_exchanges_and_passes() {
        let rules = Rules::kharbga();
        let mut game = Game::from_position(
            Position::from_text("4ss1/4sss/4sss/7/7/ss5/SSs4 b 0,0 - - 0 40 -", rules).unwrap(),
        );
        let played = *game.play_text("f7-g7*").unwrap();
        assert_eq!(
            ply_notes(&played),
            [
                Note::Exchange("request", "g7".into()),
                Note::Pass(Side::First),
                Note::Exchange("cancel", String::new())
            ]
        );
        let mut seega = Game::from_position(
            Position::from_text(
                "5/5/1S3/1s3/2S2 w 0,0 - - 0 20 -",
                Rules::seega(BoardSize::Five),
            )
            .unwrap(),
        );
        let played = *seega.play_text("c1-b1").unwrap();
        assert_eq!(ply_notes(&played), [Note::Captures("b2".into())]);
        assert_eq!(
            crate::app::i18n::tokens::side_key(
                crate::engine::Variant::Seega(BoardSize::Five),
                Side::Second
            ),
            "second"
        );
    }
}
