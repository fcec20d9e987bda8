//! The computer player: one service for the whole page, provided at the
//! `App` root. It owns the page's one AI worker (started when first
//! needed, so its table of positions lives for the page, not a game), gives
//! each request an id, waits a bounded time for each answer, checks every
//! answer against the engine, asks again after a bad or missing one, and
//! plays a simple ply on the page itself when the worker cannot help
//! ([`decide`]). A worker that cannot load, or speaks another protocol
//! version, is reported ([`Status::Failed`]) and can be retried.
//!
//! A request belongs to whoever asked: [`ComputerPlayer::ask`] hands back a
//! [`PendingReply`], and dropping it (a screen that goes away) cancels the
//! request and its timer, so no answer ever reaches a screen that is gone.

pub mod decide;
pub mod worker;

use gloo_timers::callback::Timeout;
use leptos::prelude::*;

use self::decide::{after_answer, fallback, Next, GRACE_MS};
use self::worker::WorkerHandle;
use crate::ai::protocol::{parse_hello, Answer, Request, VERSION};
use crate::ai::{Level, Score};
use crate::engine::{Game, Ply};

/// How long a starting worker may take to say hello.
const HELLO_MS: u32 = 20_000;

/// Where the worker stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Not started yet (nothing has needed it).
    Idle,
    /// Started, not ready yet.
    Starting,
    /// Taking requests.
    Ready,
    /// It could not be used: the page plays simple plies itself.
    Failed(Failure),
}

/// Why the worker could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It did not load, or it stopped (an error in the worker).
    Load,
    /// It never said it was ready.
    Silent,
    /// It speaks another version of the protocol (a stale cached file).
    Version,
}

impl Failure {
    /// A stable token: what translations select on.
    pub const fn token(self) -> &'static str {
        match self {
            Failure::Load => "load",
            Failure::Silent => "silent",
            Failure::Version => "version",
        }
    }
}

/// What a request gets back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The worker's ply, legal here, and its score for the side to move.
    Best {
        /// The ply.
        ply: Ply,
        /// What the search made of it.
        score: Score,
    },
    /// The worker could not answer: the page's own simple ply.
    Fallback(Ply),
    /// Nothing to play (the game is over), or no hint to give.
    Nothing,
}

/// What a request is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's move: asked again when an answer is bad, and played
    /// on the page in the end, so that a game never waits forever.
    Move,
    /// A hint: one try, nothing when it fails.
    Hint,
}

struct Pending {
    /// The game since its last removal; its position is the one to play in.
    game: Game,
    level: Level,
    time_ms: u64,
    purpose: Purpose,
    /// Requests sent so far.
    attempts: u32,
    /// The id of the request on the wire, once sent.
    wire: Option<u64>,
    /// The answer's deadline.
    timer: Option<Timeout>,
    reply: Box<dyn FnOnce(Reply)>,
}

#[derive(Default)]
struct State {
    worker: Option<WorkerHandle>,
    hello_timer: Option<Timeout>,
    next_id: u64,
    /// Requests waiting, by key (a handful at most: a Vec is plenty).
    pending: Vec<(u64, Pending)>,
}

impl State {
    fn take(&mut self, key: u64) -> Option<Pending> {
        let at = self.pending.iter().position(|(k, _)| *k == key)?;
        Some(self.pending.remove(at).1)
    }

    fn get_mut(&mut self, key: u64) -> Option<&mut Pending> {
        self.pending
            .iter_mut()
            .find(|(k, _)| *k == key)
            .map(|(_, p)| p)
    }
}

/// The page's computer player (a context value).
#[derive(Clone, Copy)]
pub struct ComputerPlayer {
    state: StoredValue<State, LocalStorage>,
    /// Where the worker stands.
    pub status: RwSignal<Status>,
}

/// A request waiting for its reply; dropping it cancels the request.
pub struct PendingReply {
    service: ComputerPlayer,
    key: u64,
}

impl Drop for PendingReply {
    fn drop(&mut self) {
        let key = self.key;
        // Dropped with its timer: the callback is never called.
        let _ = self.service.state.try_update_value(|state| state.take(key));
    }
}

impl Default for ComputerPlayer {
    fn default() -> Self {
        Self::new()
    }
}

impl ComputerPlayer {
    /// A service with no worker yet.
    pub fn new() -> ComputerPlayer {
        ComputerPlayer {
            state: StoredValue::new_local(State::default()),
            status: RwSignal::new(Status::Idle),
        }
    }

    /// Asks for a ply in `game`'s current position at `level`, thinking
    /// about `time_ms` (the worker is sent the game since its last removal,
    /// so that it knows what the repetition rule counts);
    /// `reply` is called once, later, unless the returned value is dropped
    /// first.
    pub fn ask(
        self,
        game: &Game,
        level: Level,
        time_ms: u64,
        purpose: Purpose,
        reply: impl FnOnce(Reply) + 'static,
    ) -> PendingReply {
        let key = self
            .state
            .try_update_value(|state| {
                state.next_id += 1;
                let key = state.next_id;
                state.pending.push((
                    key,
                    Pending {
                        game: game.tail(),
                        level,
                        time_ms,
                        purpose,
                        attempts: 0,
                        wire: None,
                        timer: None,
                        reply: Box::new(reply),
                    },
                ));
                key
            })
            .unwrap_or_default();
        match self.status.try_get_untracked().unwrap_or(Status::Starting) {
            Status::Idle => self.start(),
            Status::Starting => {}
            Status::Ready => self.send(key),
            // Later, never from inside the caller's own update.
            Status::Failed(_) => self.later(move |service| service.give_up(key)),
        }
        PendingReply { service: self, key }
    }

    /// Starts the worker again after a failure.
    pub fn retry(self) {
        if matches!(self.status.try_get_untracked(), Some(Status::Failed(_))) {
            self.start();
        }
    }

    fn start(self) {
        self.status.set(Status::Starting);
        let handle = WorkerHandle::start(
            move |line| self.on_line(&line),
            move || self.fail(Failure::Load),
        );
        let Some(handle) = handle else {
            self.later(|service| service.fail(Failure::Load));
            return;
        };
        let hello_timer = Timeout::new(HELLO_MS, move || {
            if self.status.try_get_untracked() == Some(Status::Starting) {
                self.fail(Failure::Silent);
            }
        });
        let _ = self.state.try_update_value(|state| {
            state.worker = Some(handle);
            state.hello_timer = Some(hello_timer);
        });
    }

    /// Runs `f` on a later turn of the event loop.
    fn later(self, f: impl FnOnce(ComputerPlayer) + 'static) {
        // A task, freed once it has run (a forgotten `Timeout` kept its
        // closure for the page's life: one for every ply the page played
        // for a computer whose worker had failed).
        leptos::task::spawn_local(async move {
            gloo_timers::future::TimeoutFuture::new(0).await;
            f(self);
        });
    }

    fn fail(self, failure: Failure) {
        let Some(keys) = self.state.try_update_value(|state| {
            state.worker = None;
            state.hello_timer = None;
            state
                .pending
                .iter()
                .map(|(key, _)| *key)
                .collect::<Vec<_>>()
        }) else {
            return;
        };
        self.status.set(Status::Failed(failure));
        for key in keys {
            self.give_up(key);
        }
    }

    /// Replies to `key` without the worker.
    fn give_up(self, key: u64) {
        let Some(pending) = self
            .state
            .try_update_value(|state| state.take(key))
            .flatten()
        else {
            return;
        };
        let reply = match pending.purpose {
            Purpose::Move => {
                fallback(pending.game.position()).map_or(Reply::Nothing, Reply::Fallback)
            }
            Purpose::Hint => Reply::Nothing,
        };
        (pending.reply)(reply);
    }

    /// Sends request `key` to the worker with a fresh wire id and a deadline.
    fn send(self, key: u64) {
        let line = self.state.try_update_value(|state| {
            state.next_id += 1;
            let wire = state.next_id;
            let pending = state.get_mut(key)?;
            pending.attempts += 1;
            pending.wire = Some(wire);
            let deadline = pending.time_ms + GRACE_MS;
            pending.timer = Some(Timeout::new(
                u32::try_from(deadline).unwrap_or(u32::MAX),
                move || self.on_answer(wire, None),
            ));
            let request = Request::new(wire, pending.level, pending.time_ms, &pending.game);
            Some(request.to_string())
        });
        if let Some(Some(line)) = line {
            let _ = self.state.try_with_value(|state| {
                if let Some(worker) = &state.worker {
                    worker.send(&line);
                }
            });
        }
    }

    fn on_line(self, line: &str) {
        if let Some(version) = parse_hello(line) {
            if version != VERSION {
                self.fail(Failure::Version);
                return;
            }
            self.status.set(Status::Ready);
            let waiting = self
                .state
                .try_update_value(|state| {
                    state.hello_timer = None;
                    state
                        .pending
                        .iter()
                        .filter(|(_, p)| p.wire.is_none())
                        .map(|(key, _)| *key)
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default();
            for key in waiting {
                self.send(key);
            }
            return;
        }
        // A line that does not parse is no answer: the deadline will tell.
        if let Ok(answer) = Answer::parse(line) {
            self.on_answer(answer.id(), Some(answer));
        }
    }

    /// An answer to wire request `wire` (`None`: its deadline passed).
    fn on_answer(self, wire: u64, answer: Option<Answer>) {
        let found = self.state.try_update_value(|state| {
            let key = state
                .pending
                .iter()
                .find(|(_, p)| p.wire == Some(wire))
                .map(|(key, _)| *key)?;
            let pending = state.get_mut(key)?;
            let next = after_answer(pending.game.position(), answer.as_ref(), pending.attempts);
            match (pending.purpose, next) {
                (Purpose::Move, Next::AskAgain) => Some((key, None)),
                _ => state.take(key).map(|p| (key, Some((p, next)))),
            }
        });
        let Some(Some((key, outcome))) = found else {
            return;
        };
        let Some((pending, next)) = outcome else {
            self.send(key);
            return;
        };
        let score = match answer {
            Some(Answer::Best { score, .. }) => score,
            _ => Score(0),
        };
        let reply = match (pending.purpose, next) {
            (_, Next::Play(ply)) => Reply::Best { ply, score },
            (Purpose::Move, Next::PlayLocally(ply)) => Reply::Fallback(ply),
            _ => Reply::Nothing,
        };
        (pending.reply)(reply);
    }
}
