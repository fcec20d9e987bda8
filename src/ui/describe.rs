//! Plies and turns described for people, without a browser: the move list's
//! grouping and the notes (captures, passes, exchange steps) that the screen
//! then puts into words from `locales/`.

use crate::engine::{ExchangeEvent, Game, PlayedPly, Side, Variant};

/// The word key of a side: `attacker`/`defender` in Kharbga, `first`/`second`
/// in Seega (the `side-name` message's selector).
pub fn side_key(variant: Variant, side: Side) -> &'static str {
    match (variant.is_kharbga(), side) {
        (true, Side::First) => "attacker",
        (true, Side::Second) => "defender",
        (false, Side::First) => "first",
        (false, Side::Second) => "second",
    }
}

/// Something a ply did besides moving a soldier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The soldiers captured, as square names.
    Captures(String),
    /// The soldier removed by a blocked player.
    Removed(String),
    /// An exchange step (`request`, `offer`, `confirm`, `done`, `cancel`) and its squares.
    Exchange(&'static str, String),
    /// The side (its word key) that was blocked and passed.
    Pass(&'static str),
}

/// The notes of a played ply, in the order they happened.
pub fn ply_notes(variant: Variant, played: &PlayedPly) -> Vec<Note> {
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
    if let Some(side) = effects.passed {
        notes.push(Note::Pass(side_key(variant, side)));
        if effects.exchange_cancelled_by_pass {
            notes.push(Note::Exchange("cancel", String::new()));
        }
    }
    notes
}

/// One player's turn in the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnGroup {
    /// The turn number.
    pub turn: u16,
    /// Who played.
    pub side: Side,
    /// The plies, with their index in the game.
    pub plies: Vec<(usize, PlayedPly)>,
}

/// The game's plies grouped by turn: a new group when the side changes or
/// after an automatic pass (the same side plays a new turn).
pub fn turn_groups(game: &Game) -> Vec<TurnGroup> {
    let mut groups: Vec<TurnGroup> = Vec::new();
    let mut continues = false;
    for (index, played) in game.plies().iter().enumerate() {
        match groups.last_mut() {
            Some(group) if continues && group.side == played.side => {
                group.plies.push((index, *played))
            }
            _ => groups.push(TurnGroup {
                turn: game.position_at(index).map_or(1, |p| p.turn()),
                side: played.side,
                plies: vec![(index, *played)],
            }),
        }
        continues = played.effects.passed.is_none();
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BoardSize, Position, Rules};

    #[test]
    fn turns_group_two_placements_and_whole_chains() {
        let mut game = Game::new(Rules::seega(BoardSize::Five));
        for ply in ["a1", "a2", "b1", "b2", "c1"] {
            game.play_text(ply).unwrap();
        }
        let groups = turn_groups(&game);
        let shape: Vec<(u16, Side, usize)> = groups
            .iter()
            .map(|g| (g.turn, g.side, g.plies.len()))
            .collect();
        assert_eq!(
            shape,
            [
                (1, Side::First, 2),
                (1, Side::Second, 2),
                (2, Side::First, 1)
            ]
        );
    }

    #[test]
    fn notes_tell_captures_exchanges_and_passes() {
        let rules = Rules::kharbga();
        let mut game = Game::from_position(
            Position::from_text("4ss1/4sss/4sss/7/7/ss5/SSs4 b 0,0 - - 0 40 -", rules).unwrap(),
        );
        let played = *game.play_text("f7-g7*").unwrap();
        assert_eq!(
            ply_notes(rules.variant, &played),
            [
                Note::Exchange("request", "g7".into()),
                Note::Pass("attacker"),
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
        assert_eq!(
            ply_notes(Variant::Seega(BoardSize::Five), &played),
            [Note::Captures("b2".into())]
        );
        assert_eq!(
            side_key(Variant::Seega(BoardSize::Five), Side::Second),
            "second"
        );
    }
}
