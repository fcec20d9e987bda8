//! The organizer's page as a controller, without the network: the rooms it
//! is in (the lobby, and one private room per player who entered), and for
//! each thing that happens — a page arrives, a message comes, the organizer
//! starts the tournament, decides a board or withdraws a player — what it
//! sends to whom, and whether it saves. The page (`src/app/tournament/`)
//! owns the links and the storage, and does what [`Hub`] says.

use super::organizer::{Organizer, Reply};
use super::state::State;
use super::wire::{lobby_room, member_room};
use crate::engine::Millis;
use crate::net::room::RoomCode;
use crate::tournament::{BoardRef, Score, SetupError};

/// What the organizer's page does, in this order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HubOut {
    /// Send `text` to the page `peer` in `room` (an answer, a welcome, a
    /// refusal).
    Send {
        /// The room the page is in.
        room: RoomCode,
        /// Its peer id there.
        peer: String,
        /// The message.
        text: String,
    },
    /// Keep the organizer's text ([`Organizer::to_text`]).
    Save,
    /// The state changed: shown again, and the page is in exactly these
    /// rooms (the lobby first, then each player's), opening those it is not
    /// in and leaving the others.
    Rooms(Vec<RoomCode>),
    /// Send `text` to every page, in every room.
    Broadcast(String),
}

/// The organizer's page: its [`Organizer`], and what it sends where.
#[derive(Debug)]
pub struct Hub {
    organizer: Organizer,
}

impl Hub {
    /// The page of `organizer` (new, or read back from what it saved).
    pub fn new(organizer: Organizer) -> Hub {
        Hub { organizer }
    }

    /// The referee.
    pub fn organizer(&self) -> &Organizer {
        &self.organizer
    }

    /// The state every page sees.
    pub fn state(&self) -> &State {
        self.organizer.state()
    }

    /// The tournament's lobby, where its link leads.
    pub fn lobby(&self) -> RoomCode {
        lobby_room(&self.organizer.public())
    }

    /// The rooms the page is in: the lobby, then each player's own.
    pub fn rooms(&self) -> Vec<RoomCode> {
        let public = self.organizer.public();
        std::iter::once(self.lobby())
            .chain(self.state().keys.iter().map(|k| member_room(&public, k)))
            .collect()
    }

    /// The page `peer` arrived in `room` at `now` (ms): it gets the state
    /// at once, within the arrivals' allowance.
    pub fn arrived(&mut self, room: &RoomCode, peer: &str, now: Millis) -> Vec<HubOut> {
        self.organizer
            .welcome(peer, now)
            .map(|text| HubOut::Send {
                room: room.clone(),
                peer: peer.to_owned(),
                text,
            })
            .into_iter()
            .collect()
    }

    /// `text` came from the page `peer` in `room` at `now` (ms). A hello is
    /// answered with the state addressed to that page (a page believes its
    /// first state only so); a refusal goes to that page alone (and the
    /// number it was signed under is kept); a change goes to every page.
    pub fn received(
        &mut self,
        room: &RoomCode,
        peer: &str,
        text: &str,
        now: Millis,
    ) -> Vec<HubOut> {
        let to = |text: String| HubOut::Send {
            room: room.clone(),
            peer: peer.to_owned(),
            text,
        };
        match self.organizer.receive(peer, text, now) {
            Reply::Nothing => Vec::new(),
            Reply::State => vec![to(self.organizer.state_to(peer, now.get()))],
            Reply::Refused(why) => {
                let refusal = self.organizer.refusal_message(why, now.get());
                vec![HubOut::Save, to(refusal)]
            }
            Reply::Changed => self.changed(now),
        }
    }

    /// The organizer starts the tournament with those who entered.
    ///
    /// # Errors
    /// [`SetupError`] when the players or the format do not fit.
    pub fn start(&mut self, now: Millis) -> Result<Vec<HubOut>, SetupError> {
        self.organizer.start()?;
        Ok(self.changed(now))
    }

    /// The organizer's result of board `at` (disputed, or played elsewhere).
    pub fn decide(&mut self, at: BoardRef, score: Score, now: Millis) -> Vec<HubOut> {
        if self.organizer.decide(at, score) {
            self.changed(now)
        } else {
            Vec::new()
        }
    }

    /// The organizer withdraws `player` (before the start: takes its entry
    /// back).
    pub fn withdraw(&mut self, player: usize, now: Millis) -> Vec<HubOut> {
        if self.organizer.withdraw(player) {
            self.changed(now)
        } else {
            Vec::new()
        }
    }

    /// After a change: saved, shown, the rooms of those who entered (and no
    /// room of one who left before the start), the new state to every page.
    fn changed(&mut self, now: Millis) -> Vec<HubOut> {
        let message = self.organizer.state_message(now.get());
        vec![
            HubOut::Save,
            HubOut::Rooms(self.rooms()),
            HubOut::Broadcast(message),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BoardSize, Rules};
    use crate::net::identity::SeatKey;
    use crate::net::tournament::{decode, Body, Follower, Heard, Refusal, EVERYONE};
    use crate::tournament::Format;

    fn key(n: u8) -> SeatKey {
        SeatKey::from_seed([n; 32])
    }

    fn hub() -> Hub {
        Hub::new(Organizer::new(
            key(10),
            "Club".to_owned(),
            Rules::seega(BoardSize::Five),
            None,
            Format::RoundRobin { double: false },
        ))
    }

    /// The messages `out` sends (to one page, or to every page).
    fn texts(out: &[HubOut]) -> Vec<&str> {
        out.iter()
            .filter_map(|o| match o {
                HubOut::Send { text, .. } | HubOut::Broadcast(text) => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_page_that_arrives_or_asks_gets_the_state_addressed_to_it_in_its_room() {
        let mut hub = hub();
        let lobby = hub.lobby();
        assert_eq!(hub.rooms(), vec![lobby.clone()]);
        let out = hub.arrived(&lobby, "p1", Millis(1_000));
        let [HubOut::Send { room, peer, text }] = &out[..] else {
            panic!("{out:?}");
        };
        assert_eq!((room, peer.as_str()), (&lobby, "p1"));
        let Some(Body::State { to, .. }) = decode(text).map(|e| e.body) else {
            panic!("not a state: {text}");
        };
        assert_eq!(to, "p1");
        // Its hello (once the hellos' wait is over) is answered the same.
        let out = hub.received(&lobby, "p1", &Follower::hello(), Millis(5_000));
        assert!(matches!(&out[..], [HubOut::Send { peer, .. }] if peer == "p1"));
        // Nonsense changes nothing and sends nothing.
        assert_eq!(hub.received(&lobby, "p1", "junk", Millis(5_100)), []);
    }

    #[test]
    fn an_entry_is_saved_opens_the_players_room_and_goes_to_every_page() {
        let mut hub = hub();
        let lobby = hub.lobby();
        let organizer = hub.organizer().public();
        let mut page = Follower::new(organizer, Some(key(11)));
        page.add_id("p1");
        let entry = page.enter("Amel", 2_000).unwrap();
        let out = hub.received(&lobby, "p1", &entry, Millis(2_000));
        let own = member_room(&organizer, &key(11).public());
        assert_eq!(
            out[..2],
            [HubOut::Save, HubOut::Rooms(vec![lobby.clone(), own])]
        );
        let [HubOut::Broadcast(state)] = &out[2..] else {
            panic!("{out:?}");
        };
        assert!(matches!(
            decode(state).map(|e| e.body),
            Some(Body::State { to, .. }) if to == EVERYONE
        ));
        // A refusal is saved (its number is the organizer's) and goes to
        // the page refused alone, which takes it as its own.
        let again = page.enter("", 2_100).unwrap();
        let out = hub.received(&lobby, "p1", &again, Millis(2_100));
        let [HubOut::Save, HubOut::Send { peer, text, .. }] = &out[..] else {
            panic!("{out:?}");
        };
        assert_eq!(peer, "p1");
        assert_eq!(page.receive(text), Heard::Refused(Refusal::Name));
        // Taken back before the start: its room is left.
        let out = hub.withdraw(0, Millis(2_200));
        assert_eq!(out[..2], [HubOut::Save, HubOut::Rooms(vec![lobby])]);
        assert!(hub.withdraw(0, Millis(2_300)).is_empty(), "nobody left");
    }

    #[test]
    fn the_start_and_the_organizers_results_go_to_every_page() {
        let mut hub = hub();
        let lobby = hub.lobby();
        let organizer = hub.organizer().public();
        for i in 0..3u8 {
            let mut page = Follower::new(organizer, Some(key(11 + i)));
            let entry = page.enter(&format!("P{i}"), 10).unwrap();
            let _ = hub.received(&lobby, &format!("p{i}"), &entry, Millis(10 + u64::from(i)));
        }
        let mut spectator = Follower::new(organizer, None);
        spectator.add_id("s");
        assert_eq!(
            spectator.receive(&hub.organizer.state_to("s", 50)),
            Heard::State
        );
        let out = hub.start(Millis(100)).unwrap();
        assert_eq!(out.len(), 3);
        assert!(matches!(&out[1], HubOut::Rooms(rooms) if rooms.len() == 4));
        assert_eq!(spectator.receive(texts(&out)[0]), Heard::State);
        assert!(spectator.state().unwrap().started);
        // Three players: one board, one bye; the organizer decides the board.
        let board = hub
            .state()
            .tournament
            .current_round()
            .iter()
            .position(|p| p.second.is_some());
        let at = BoardRef::new(0, board.unwrap());
        assert!(
            hub.decide(at, Score::FirstByForfeit, Millis(200))
                .is_empty(),
            "not a played result"
        );
        let out = hub.decide(at, Score::Draw, Millis(200));
        assert_eq!(spectator.receive(texts(&out)[0]), Heard::State);
        assert_eq!(spectator.state().unwrap().tournament.rounds().len(), 2);
        assert!(
            hub.decide(at, Score::Draw, Millis(300)).is_empty(),
            "decided already"
        );
    }
}
