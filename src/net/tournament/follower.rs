//! Any page but the organizer's (a player's or a spectator's): what it
//! believes of the organizer's state, when it asks for it again, and the
//! signed messages its player sends.

use super::state::{board_key, State, StateError};
use super::wire::{
    board_bytes, decode, encode, fits_wire, seal, verifies, Body, Envelope, Refusal, EVERYONE,
};
use crate::engine::Millis;
use crate::net::identity::{PublicKey, SeatCert, SeatKey};
use crate::tournament::{BoardRef, Score};

/// A page without a fresh state asks first after this many ms, then
/// half as long again each time, up to [`ASK_AT_MOST_MS`].
pub const ASK_FIRST_MS: Millis = Millis(3_000);
/// The longest wait between two hellos of a page.
pub const ASK_AT_MOST_MS: Millis = Millis(10_000);
/// The peer ids a follower remembers as its own (one a room it is in, and
/// those of links lost and opened again).
const OWN_IDS: usize = 8;

/// What a follower's page made of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// Nothing new (or not believed: a stranger's, a replay, a forgery).
    Nothing,
    /// The organizer's new state.
    State,
    /// The organizer refused this page's last message.
    Refused(Refusal),
}

/// Where a board's result stands, as a page's last state shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// No result, and no report of this page's player.
    Open,
    /// This page's player reported; the other's report is awaited.
    Reported(Score),
    /// The board has its result.
    Settled(Score),
}

/// Any page but the organizer's: a player (with its key) or a spectator.
#[derive(Debug)]
pub struct Follower {
    organizer: PublicKey,
    key: Option<SeatKey>,
    state: Option<State>,
    /// The number of the organizer's last state.
    heard: u64,
    /// The last number this page signed.
    n: u64,
    /// This page's peer ids (the latest last), in the rooms it is in.
    ids: Vec<String>,
    /// A state addressed to this page was believed since it opened.
    fresh: bool,
    /// When this page asks for the state next (ms), and the wait after.
    ask_at: Option<Millis>,
    ask_wait: Millis,
}

impl Follower {
    /// A page following the tournament of `organizer` (the link's key),
    /// as the player of `key` or, without one, as a spectator.
    pub fn new(organizer: PublicKey, key: Option<SeatKey>) -> Follower {
        Follower {
            organizer,
            key,
            state: None,
            heard: 0,
            n: 0,
            ids: Vec::new(),
            fresh: false,
            ask_at: None,
            ask_wait: ASK_FIRST_MS,
        }
    }

    /// The signalling server gave this page `id` in one of its rooms: a
    /// state addressed to it is this page's.
    pub fn add_id(&mut self, id: &str) {
        if self.ids.iter().any(|i| i == id) {
            return;
        }
        if self.ids.len() == OWN_IDS {
            self.ids.remove(0);
        }
        self.ids.push(id.to_owned());
    }

    /// Whether this page believed a state addressed to it since it opened
    /// (until then it shows only what it kept, and asks again).
    pub fn is_fresh(&self) -> bool {
        self.fresh
    }

    /// The hello to send at `now` (ms), if this page has no fresh state and
    /// it is time to ask again: first [`ASK_FIRST_MS`] after the first
    /// call (the organizer's welcome usually comes before), then each wait
    /// half as long again, up to [`ASK_AT_MOST_MS`].
    pub fn ask(&mut self, now: Millis) -> Option<String> {
        if self.fresh {
            return None;
        }
        match self.ask_at {
            None => {
                self.ask_at = Some(now + self.ask_wait);
                None
            }
            Some(at) if now >= at => {
                self.ask_wait =
                    Millis(self.ask_wait.get().saturating_mul(3) / 2).min(ASK_AT_MOST_MS);
                self.ask_at = Some(now + self.ask_wait);
                Some(Follower::hello())
            }
            Some(_) => None,
        }
    }

    /// Where board `at` stands, as this page's last state shows it.
    pub fn standing_of(&self, at: BoardRef) -> Option<Standing> {
        let state = self.state.as_ref()?;
        let pairing = state.tournament.pairing(at)?;
        if let Some(score) = pairing.score {
            return Some(Standing::Settled(score));
        }
        let me = self.me();
        Some(
            state
                .reports
                .iter()
                .find(|r| r.board == at && Some(r.player) == me)
                .map_or(Standing::Open, |r| Standing::Reported(r.score)),
        )
    }

    /// The state this page believed before it was closed (its own saved
    /// copy) and the organizer's number on it: shown until a newer state,
    /// and nothing older is believed after it.
    pub fn remember(&mut self, state: State, heard: u64) {
        if self.state.is_none() {
            self.state = Some(state);
            self.heard = heard;
        }
    }

    /// The organizer's number on the last state believed.
    pub fn heard(&self) -> u64 {
        self.heard
    }

    /// Whether this page's player has a report waiting on board `at` (it
    /// is not sent again).
    pub fn reported(&self, at: BoardRef) -> bool {
        let (Some(state), Some(me)) = (self.state.as_ref(), self.me()) else {
            return false;
        };
        state
            .reports
            .iter()
            .any(|r| (r.board, r.player) == (at, me))
    }

    /// A spectator who joins takes `key`; a page that has one keeps it.
    pub fn set_key(&mut self, key: SeatKey) {
        if self.key.is_none() {
            self.key = Some(key);
        }
    }

    /// The organizer's key.
    pub fn organizer(&self) -> PublicKey {
        self.organizer
    }

    /// The last state believed.
    pub fn state(&self) -> Option<&State> {
        self.state.as_ref()
    }

    /// This page's player, once the state names its key.
    pub fn me(&self) -> Option<usize> {
        let key = self.key.as_ref()?.public();
        self.state.as_ref()?.player(&key)
    }

    /// The hello that asks the organizer for its state.
    pub fn hello() -> String {
        encode(&Envelope {
            signed: None,
            body: Body::Hello,
        })
    }

    /// `body`, signed by this page's key (none for a spectator).
    fn sign(&mut self, body: &Body, now: u64) -> Option<String> {
        let key = self.key.as_ref()?;
        self.n = now.max(self.n + 1);
        Some(seal(&self.organizer, key, self.n, body))
    }

    /// Enters under `name`.
    pub fn enter(&mut self, name: &str, now: u64) -> Option<String> {
        self.sign(
            &Body::Enter {
                name: name.to_owned(),
            },
            now,
        )
    }

    /// Reports board `at`'s result with its game's record, played in the
    /// room of `host`.
    pub fn report_on(
        &mut self,
        at: BoardRef,
        host: PublicKey,
        score: Score,
        record: &str,
        now: u64,
    ) -> Option<String> {
        if !fits_wire(at) {
            return None;
        }
        let body = Body::Report {
            board: at,
            host,
            score,
            record: record.to_owned(),
        };
        self.sign(&body, now)
    }

    /// This page's board of the round under way, when it plays the first
    /// side there against someone and the room is not made yet: the
    /// message that makes it (its key from [`board_key`], its certificate
    /// of the opponent's seat).
    pub fn make_room(&mut self, now: u64) -> Option<String> {
        let key = self.key.as_ref()?;
        let state = self.state.as_ref()?;
        let me = state.player(&key.public())?;
        let at = state.board_of(me)?;
        let pairing = state.tournament.pairing(at)?;
        let second = pairing.second?;
        if pairing.first != me || pairing.score.is_some() || state.room(at).is_some() {
            return None;
        }
        if !fits_wire(at) {
            return None;
        }
        let host = board_key(key, &self.organizer, at);
        let cert = SeatCert::issue(
            &host,
            *state.keys.get(second)?,
            state.tournament.player(second)?.name.clone(),
        );
        let proof = host.sign(&board_bytes(&self.organizer, at, &key.public()));
        let body = Body::Board {
            board: at,
            host: host.public(),
            cert: cert.signature,
            proof,
        };
        self.sign(&body, now)
    }

    /// This page's key (a player's).
    pub fn key(&self) -> Option<&SeatKey> {
        self.key.as_ref()
    }

    /// Leaves the tournament.
    pub fn leave(&mut self, now: u64) -> Option<String> {
        self.sign(&Body::Leave, now)
    }

    /// Takes one message: only the organizer's signed state, newer than the
    /// last, whole and consistent, is believed; until one addressed to this
    /// page came, only such a one (see the module's *Freshness*).
    pub fn receive(&mut self, text: &str) -> Heard {
        let Some(Envelope {
            signed: Some(seal),
            body,
        }) = decode(text)
        else {
            return Heard::Nothing;
        };
        let n = seal.n;
        if seal.signer != self.organizer
            || n <= self.heard
            || !verifies(&self.organizer, &seal, &body)
        {
            return Heard::Nothing;
        }
        match body {
            Body::State { text, to } => {
                let mine = self.ids.contains(&to);
                if !(mine || self.fresh && to == EVERYONE) {
                    return Heard::Nothing;
                }
                match State::from_text(&text) {
                    Ok(state) => {
                        self.heard = n;
                        self.state = Some(state);
                        self.fresh = true;
                        Heard::State
                    }
                    Err(StateError) => Heard::Nothing,
                }
            }
            Body::Refused { why, to, n: theirs } => {
                let mine = self.key.as_ref().map(SeatKey::public);
                if mine != Some(to) || theirs != self.n {
                    return Heard::Nothing;
                }
                self.heard = n;
                Heard::Refused(why)
            }
            _ => Heard::Nothing,
        }
    }
}
