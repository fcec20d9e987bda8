//! Merging records: what a record sent by the other player (or by link)
//! may add to this page's game, where a takeback goes back to, and the
//! bounds a peer's record must keep before the engine replays it.

use super::message::record_fits;
use super::text::names_fit;
use crate::engine::{Game, Reason, Record, Side};

/// What a record sent by the player of `sender` does to ours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Merge {
    /// Nothing new.
    Same,
    /// Ours is longer: the sender should catch up.
    Behind,
    /// Theirs extends ours as it may: this is the game now.
    Ahead(Game),
    /// The records differ, or theirs holds plies it may not bring.
    Diverged,
    /// Another game (rules or start).
    Foreign,
}

/// Merges `theirs` (from the player of `sender`) into `ours`. The record
/// that extends the other with valid plies wins, but a player (`as_player`)
/// takes only the sender's plies — its own are saved before they are sent —
/// and, of the ends the players decide, only the sender's resignation.
pub fn merge(ours: &Game, theirs: Game, sender: Side, as_player: bool) -> Merge {
    if theirs.rules() != ours.rules() || theirs.start() != ours.start() {
        return Merge::Foreign;
    }
    let mine = ours.plies();
    let common = mine
        .iter()
        .zip(theirs.plies())
        .take_while(|(a, b)| a.ply == b.ply)
        .count();
    if common < mine.len() {
        return if common == theirs.plies().len() {
            Merge::Behind
        } else {
            Merge::Diverged
        };
    }
    if as_player && ours.outcome().is_some_and(|o| o.reason == Reason::Time) {
        // A flag that fell here (this page's own, or the sender's once
        // this page had waited for its plies in flight) is the end: a ply
        // after it came too late.
        return Merge::Same;
    }
    if as_player && theirs.plies()[common..].iter().any(|p| p.side != sender) {
        return Merge::Diverged;
    }
    let mut game = theirs;
    let sender_resigned = game.is_decided()
        && game
            .outcome()
            .is_some_and(|o| o.winner == Some(sender.opponent()));
    if as_player && game.is_decided() && !sender_resigned {
        // An agreed draw comes only from both, a resignation of ours never.
        game.undo();
    }
    if as_player && ours.is_decided() && !game.is_decided() {
        // Our own end (a resignation, an agreed draw) stands on the longer
        // record too: it crossed the sender's last ply.
        if let Some(outcome) = ours.outcome() {
            let _ = match outcome.winner {
                Some(winner) => game.resign(winner.opponent()),
                None => game.agree_draw(),
            };
        }
    }
    if game.plies().len() == mine.len() && game.outcome() == ours.outcome() {
        return Merge::Same;
    }
    if ours.outcome().is_some() && game.plies().len() == mine.len() {
        return Merge::Same;
    }
    Merge::Ahead(game)
}

/// Where taking back `side`'s last turn goes: the index of the first ply of
/// that side's last run of plies, if it has played one.
pub fn takeback_point(game: &Game, side: Side) -> Option<usize> {
    let plies = game.plies();
    let last = plies.iter().rposition(|p| p.side == side)?;
    let mut start = last;
    while start > 0 && plies[start - 1].side == side {
        start -= 1;
    }
    Some(start)
}

/// A record from a peer, bounded before it is replayed (see
/// [`record_fits`]) and with names that fit.
pub(crate) fn peer_record(text: &str) -> Option<Record> {
    if !record_fits(text) {
        return None;
    }
    Record::from_text(text).ok().filter(names_fit)
}
