//! What a page that watches believes of the game (a spectator, a
//! newcomer, a page invited to the free seat). Each seat is a player's
//! page, and a player who took its seat properly may still lie to the
//! pages that watch: show them a result that never happened, a flag that
//! did not fall, more time than it has, another game to a newcomer. So a
//! watching page takes from a seat only what that seat alone decides, and
//! holds the rest until the other seat says the same:
//!
//! - **a seat's own plies**: for its side, in its turn, at the next index,
//!   legal for the local engine and with the sender's position hash; their
//!   time claims held to this page's own count;
//! - **everything else** — an end (a resignation, an agreed draw, a flag),
//!   a takeback, a rematch, the other side's plies — only once **both**
//!   seats' pages have said the same game (each player's page says its
//!   game to everyone when it takes an end from the other);
//! - **a flag** also when this page's own clock proves it. Each side's
//!   time by that side's own word ([`Witness::own_left`]) is an upper bound
//!   on what it has: a player never claims less time than it has, and this
//!   page starts counting a turn no earlier than it began. When that bound
//!   reaches zero the flag fell, whatever the other seat says.
//!
//! A newcomer believes the game only from the host's proved welcome; the
//! guest's welcome counts as the guest's word. What a seat says and the
//! other does not confirm is shown as such ([`Witness::unconfirmed`]),
//! never as the game.
//!
//! [`Witness`] keeps each seat's word, each side's time by its own word,
//! the side the host plays and where the seats' words part; the table
//! takes the plies and ends the words allow into its game.

use super::seats::{seat_slot, slot};
use crate::engine::{last_tag, Game, Millis, Outcome, Reason, Record, Side};
use crate::net::identity::Role as SeatRole;

/// What a watching page keeps of each seat's word.
#[derive(Clone, Debug, Default)]
pub(super) struct Witness {
    /// What each seat (`[host, guest]`) last said of the game that this
    /// page does not show (yet): its record, or this page's game with the
    /// end it announced.
    said: [Option<Record>; 2],
    /// Each side's time left by its own word (`[first, second]`), and since
    /// when it runs (the side to move's, by this page's clock).
    own: [Option<(Millis, Option<Millis>)>; 2],
    /// The side the host plays (as its proof said; a rematch swaps it).
    host_side: Option<Side>,
    /// The first ply on which the seats' words differ: no ply from there
    /// on is taken from either seat alone until they agree again.
    disputed: Option<usize>,
}

/// The plies at the end of `theirs` past `ours` that `side` may bring to a
/// watching page: its own, from where `ours` ends, up to the first ply of
/// the other side. `None` when `theirs` does not extend `ours`.
pub(super) fn own_plies(ours: &Game, theirs: &Game, side: Side) -> Option<usize> {
    if theirs.rules() != ours.rules() || theirs.start() != ours.start() {
        return None;
    }
    let mine = ours.plies();
    let their = theirs.plies();
    if their.len() <= mine.len() || mine.iter().zip(their).any(|(a, b)| a.ply != b.ply) {
        return None;
    }
    let own = their[mine.len()..]
        .iter()
        .take_while(|p| p.side == side)
        .count();
    (own > 0).then_some(own)
}

impl Witness {
    /// The side the host plays, as far as this page knows.
    pub(super) fn host_side(&self) -> Option<Side> {
        self.host_side
    }

    /// The host plays `side` (its proof, or its welcome, says so).
    pub(super) fn set_host_side(&mut self, side: Side) {
        self.host_side = Some(side);
    }

    /// The side the seat `role` plays, as far as this page knows.
    pub(super) fn side_of(&self, role: SeatRole) -> Option<Side> {
        let host = self.host_side?;
        Some(match role {
            SeatRole::Host => host,
            SeatRole::Guest => host.opponent(),
        })
    }

    /// `side`'s time left at `now` by its own word (an upper bound on what
    /// it has), when this page knows it.
    pub(super) fn own_left(&self, side: Side, now: Millis) -> Option<Millis> {
        let (left, since) = self.own[slot(side)]?;
        let ran = since.map_or(Millis::ZERO, |since| now.since(since));
        Some(left - ran)
    }

    /// The turn passed, or the game changed (`game` as this page shows
    /// it, `begun` once both seats are taken): the side to move's own count
    /// runs from `now`, the other's is stopped.
    pub(super) fn turn(&mut self, game: &Game, begun: bool, now: Millis) {
        let to_move = game.position().to_move();
        // No clock runs before the second seat is taken.
        let stopped = game.outcome().is_some() || !begun;
        for side in [Side::First, Side::Second] {
            let running = !stopped && side == to_move;
            if let Some((left, since)) = &mut self.own[slot(side)] {
                match (running, *since) {
                    (true, None) => *since = Some(now),
                    (false, Some(from)) => {
                        *left -= now.since(from);
                        *since = None;
                    }
                    _ => {}
                }
            }
        }
    }

    /// Whether a ply at `index` is one the seats dispute (taken from
    /// neither alone).
    pub(super) fn disputed_from(&self, index: usize) -> bool {
        self.disputed.is_some_and(|d| index >= d)
    }

    /// The seats' words part at ply `at` (or earlier, if they did).
    pub(super) fn dispute(&mut self, at: usize) {
        self.disputed = Some(self.disputed.map_or(at, |d| d.min(at)));
    }

    /// A seat's own ply of `side` was taken into `game` (its mover's claim
    /// after it, `claim`; this page's count of it, `accepted`): its word,
    /// as far as this page's count took it, is an upper bound on its time.
    /// A word about a position the game has left (an end or a takeback the
    /// seat said there, a game that does not go on from here) was not
    /// followed: the players played on.
    pub(super) fn ply(
        &mut self,
        side: Side,
        claim: Option<Millis>,
        accepted: Option<Millis>,
        (game, begun): (&Game, bool),
        now: Millis,
    ) {
        if let Some(claim) = claim.or(accepted) {
            let own = accepted.map_or(claim, |a| a.min(claim));
            self.own[slot(side)] = Some((own, None));
        }
        self.turn(game, begun, now);
        for said in &mut self.said {
            let goes_on = said.as_ref().is_some_and(|r| {
                let theirs = r.game.plies();
                theirs.len() >= game.plies().len()
                    && game.plies().iter().zip(theirs).all(|(a, b)| a.ply == b.ply)
            });
            if !goes_on {
                *said = None;
            }
        }
    }

    /// Each side's own word from a record that side's seat said or both
    /// seats agree on (`sides`): its last time tag, or the control's time.
    pub(super) fn record_words(
        &mut self,
        record: &Record,
        sides: &[Side],
        (game, begun): (&Game, bool),
        now: Millis,
    ) {
        let Some(control) = record.timing.control else {
            return;
        };
        let plies = record.game.plies().len();
        for &side in sides {
            let left = last_tag(&record.game, &record.timing.left, plies, side).or_else(|| {
                // No ply of its own yet: the control's time, certain.
                (!record.game.plies().iter().any(|p| p.side == side)).then(|| control.base_ms())
            });
            self.own[slot(side)] = left.map(|left| (left, None));
        }
        self.turn(game, begun, now);
    }

    /// A newcomer took the host's welcome (`record`; `host_side` its proof
    /// says; `running`, its count of the turn under way when it is to
    /// move): the host's own word of its time, and the guest's only where
    /// the control says it. (What the guest said before the host's welcome
    /// stays its word.)
    pub(super) fn welcome(
        &mut self,
        record: &Record,
        host_side: Side,
        running: Option<Millis>,
        (game, begun): (&Game, bool),
        now: Millis,
    ) {
        self.host_side = Some(host_side);
        self.own = [None, None];
        self.record_words(record, &[host_side], (game, begun), now);
        let guest = host_side.opponent();
        if !record.game.plies().iter().any(|p| p.side == guest) {
            if let Some(control) = record.timing.control {
                self.own[slot(guest)] = Some((control.base_ms(), None));
            }
        }
        if let (Some(running), true) = (
            running,
            game.position().to_move() == host_side && game.outcome().is_none(),
        ) {
            self.own[slot(host_side)] = Some((running, None));
        }
        self.turn(game, begun, now);
    }

    /// What the seat `role` last said that this page does not show.
    pub(super) fn said(&self, role: SeatRole) -> Option<&Record> {
        self.said[seat_slot(role)].as_ref()
    }

    /// The seat `role` says the game is `record` (none: what it said is
    /// this page's game).
    pub(super) fn hear(&mut self, role: SeatRole, record: Option<Record>) {
        self.said[seat_slot(role)] = record;
    }

    /// What this page shows (`game`) is no longer news from either seat.
    pub(super) fn shown(&mut self, game: &Game) {
        for said in &mut self.said {
            if said.as_ref().is_some_and(|r| r.game == *game) {
                *said = None;
            }
        }
    }

    /// A ply both seats vouched for (the mover's, relayed by the other)
    /// came where their words parted: the dispute is over.
    pub(super) fn end_dispute(&mut self) {
        self.disputed = None;
    }

    /// Both seats say the same ply where they differed: it is settled.
    pub(super) fn settle_dispute(&mut self) {
        if let (Some(d), [Some(host), Some(guest)]) = (self.disputed, &self.said) {
            let at = |r: &Record| r.game.plies().get(d).map(|p| p.ply);
            if at(host).is_some() && at(host) == at(guest) {
                self.disputed = None;
            }
        }
    }

    /// Whether both seats say the same game (and say one).
    pub(super) fn words_agree(&self) -> bool {
        matches!(&self.said, [Some(host), Some(guest)] if host.game == guest.game)
    }

    /// Both seats say the same game: their records (`[host, guest]`),
    /// taken; the dispute, if any, is over.
    pub(super) fn agreed(&mut self) -> Option<[Record; 2]> {
        let [Some(host), Some(guest)] = &self.said else {
            return None;
        };
        if host.game != guest.game {
            return None;
        }
        let [host, guest] = std::mem::take(&mut self.said);
        self.disputed = None;
        Some([host?, guest?])
    }

    /// A rematch both seats agreed on: the host plays the other side now.
    pub(super) fn rematch(&mut self) {
        self.host_side = self.host_side.map(Side::opponent);
    }

    /// Whether a seat says `game` ended on time (the flag this page's own
    /// count may prove).
    pub(super) fn says_timed_out(&self, game: &Game) -> bool {
        let on_time = |r: &&Record| r.game.outcome().is_some_and(|o| o.reason == Reason::Time);
        // (The game is copied only when a seat's word ends it on time.)
        let mut said = self.said.iter().flatten().filter(on_time).peekable();
        if said.peek().is_none() {
            return false;
        }
        let mut timed_out = game.clone();
        timed_out.time_out().is_ok() && said.any(|r| r.game == timed_out)
    }

    /// What one seat says of the game's end that the other has not
    /// confirmed (this page does not show it as the result): the side that
    /// seat plays and the end it says.
    pub(super) fn unconfirmed(&self) -> Option<(Side, Outcome)> {
        [SeatRole::Host, SeatRole::Guest]
            .into_iter()
            .find_map(|role| {
                let said = self.said(role)?;
                let outcome = said.game.outcome()?;
                Some((self.side_of(role)?, outcome))
            })
    }
}
