//! Online tournaments on the tournament page: the organizer's hub and
//! every other page (a player's or a spectator's), around the sans-IO
//! [`Organizer`] and [`Follower`] of [`crate::net::tournament`].
//!
//! The pages talk in a star (see that module): the organizer's page holds
//! the lobby's link and one link per player's private room; a player's
//! page holds its own room's link (and the lobby's until the organizer's
//! state names it); a spectator's, the lobby's. Each link is matchbox's,
//! through the network module ([`link`]). Everything here belongs to the
//! view that made it: links, retries and listeners die with it.

use std::rc::Rc;

use gloo_timers::callback::{Interval, Timeout};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::i18n::tr_text;
use crate::app::online::link::{self, Link, LinkEvent};
use crate::app::online::settings::OnlineSettings;
use crate::app::route::Route;
use crate::app::services::browser::{copy_to_clipboard, now_ms, page_url, random_bytes};
use crate::app::services::browser::{fresh_id, record_date};
use crate::app::services::storage::Saves;
use crate::app::tournament::{export_standings, Crosstable, RoundLine, SetupProblem, Standings};
use crate::engine::clock::TimeControl;
use crate::engine::{Game, Millis, Record, Rules, Side};
use crate::net::identity::{PublicKey, SeatKey};
use crate::net::room::{room_url, Invitation, RoomCode};
use crate::net::tournament::{
    board_key, lobby_room, member_room, BoardRoom, Follower, Heard, Organizer, Refusal, Reply,
    State,
};
use crate::store::{local, OnlineSeat, SavedGame, Seats, StoreKey};
use crate::tournament::{BoardRef, Format, Score, SetupError};
use crate::tr;

/// How long a lost link waits before it is opened again.
const RETRY_MS: u32 = 2_000;

/// Keeps `text` under `key` (a full or unavailable storage keeps it for
/// this visit only).
fn store(key: &StoreKey, text: &str) {
    let _ = local::write(key, text);
}

fn now() -> u64 {
    // Whole milliseconds since 1970: a reloaded page numbers above what it
    // signed before.
    now_ms().max(0.0) as u64
}

/// Creates an online tournament organized from this page and opens its
/// hub (`#tournament/host/<lobby code>`).
pub fn create(name: String, rules: Rules, clock: Option<TimeControl>, format: Format) {
    let organizer = Organizer::new(
        SeatKey::from_seed(random_bytes::<32>()),
        name,
        rules,
        clock,
        format,
    );
    let code = lobby_room(&organizer.public());
    store(
        &StoreKey::TournamentHost(code.to_string()),
        &organizer.to_text(),
    );
    crate::app::services::browser::show(&Route::Tournament(format!("/host/{code}")));
}

/// The online tournaments organized from this page: (lobby code, name).
pub fn hosted() -> Vec<(String, String)> {
    stored(
        |key| match key {
            StoreKey::TournamentHost(code) => Some(code),
            _ => None,
        },
        |text| {
            Some(
                Organizer::from_text(text)
                    .ok()?
                    .state()
                    .tournament
                    .name()
                    .to_owned(),
            )
        },
    )
}

/// Each stored item whose key `pick` takes: the key's parameter and what
/// `read` makes of its text (unreadable ones left out).
fn stored(
    pick: impl Fn(StoreKey) -> Option<String>,
    read: impl Fn(&str) -> Option<String>,
) -> Vec<(String, String)> {
    local::entries(pick)
        .into_iter()
        .filter_map(|(rest, text)| Some((rest, read(&text)?)))
        .collect()
}

/// The online tournaments of this page, for the library: (the rest of
/// their address, their name), organized here or followed.
pub fn listed() -> Vec<(String, String)> {
    let followed = stored(
        |key| match key {
            StoreKey::TournamentFollow(organizer) => Some(organizer),
            _ => None,
        },
        |text| {
            Some(
                State::from_text(text.split_once('\n')?.1)
                    .ok()?
                    .tournament
                    .name()
                    .to_owned(),
            )
        },
    );
    hosted()
        .into_iter()
        .map(|(code, name)| (format!("host/{code}"), name))
        .chain(
            followed
                .into_iter()
                .map(|(key, name)| (format!("join/{key}"), name)),
        )
        .collect()
}

/// This page's saved game of a board: in the room of `host`, between the
/// board's players on their sides (`names`, first side first). Any other
/// game of that room (a rematch, should an older page have played one) is
/// not the board's.
fn saved_board(saves: Saves, host: &PublicKey, names: (&str, &str)) -> Option<(SavedGame, Record)> {
    let code = host.room();
    saves
        .update(|l| {
            let ids: Vec<String> = l
                .games()
                .iter()
                .filter(|g| g.room.as_deref() == Some(code.as_str()))
                .map(|g| g.id.clone())
                .collect();
            Ok(ids.into_iter().find_map(|id| {
                l.load(&id).filter(|(_, record)| {
                    (record.first.trim(), record.second.trim()) == (names.0.trim(), names.1.trim())
                })
            }))
        })
        .flatten()
}

/// Writes this page's seat in its board's room to the library, where the
/// online page finds it and resumes it as a player returning to its game:
/// the host with the board's key, the other with its tournament key, both
/// with the host's certificate of the second seat.
fn prepare_board(
    saves: Saves,
    state: &State,
    key: &SeatKey,
    organizer: &PublicKey,
    room: &BoardRoom,
) {
    let t = &state.tournament;
    let Some(pairing) = t.pairing(room.board) else {
        return;
    };
    let (Some(second), Some(me)) = (pairing.second, state.player(&key.public())) else {
        return;
    };
    let Some(guest) = state.keys.get(second) else {
        return;
    };
    let side = if pairing.first == me {
        Side::First
    } else {
        Side::Second
    };
    let seat = match side {
        Side::First => board_key(key, organizer, room.board),
        Side::Second => key.clone(),
    };
    let now = now_ms();
    let mut record = Record::new(Game::new(t.rules()));
    record.first = t.players()[pairing.first].name.clone();
    record.second = t.players()[second].name.clone();
    record.date = record_date(now);
    record.timing.control = t.clock();
    record
        .extra_tags
        .push(("Event".to_owned(), t.name().to_owned()));
    let mut entry = SavedGame::new(fresh_id(), now, &record);
    entry.seats = Seats::online(side);
    entry.flipped = side == Side::Second;
    entry.online = Some(OnlineSeat::new(room.host, seat, Some((*guest, room.cert))));
    entry.clock = t.clock().map(|c| [u64::from(c.base_s) * 1_000; 2]);
    saves.update(|l| l.save(&entry));
}

/// What a page does with what arrives from a room.
type Handler = Rc<dyn Fn(&RoomCode, LinkEvent)>;

/// A page's rooms: a link per room, each opened again shortly after it is
/// lost; what arrives goes to one handler with the room it came from.
#[derive(Clone, Copy)]
struct Rooms {
    links: StoredValue<Vec<(RoomCode, Link)>, LocalStorage>,
    /// Each lost room's retry (one a room: a new one replaces the old).
    retries: StoredValue<Vec<(RoomCode, Timeout)>, LocalStorage>,
    handler: StoredValue<Option<Handler>, LocalStorage>,
    /// Peers connected, per room.
    peers: RwSignal<Vec<(RoomCode, String)>>,
    /// The network module could not be fetched.
    unavailable: RwSignal<bool>,
}

impl Rooms {
    fn new(handler: impl Fn(&RoomCode, LinkEvent) + 'static) -> Rooms {
        let rooms = Rooms {
            links: StoredValue::new_local(Vec::new()),
            retries: StoredValue::new_local(Vec::new()),
            handler: StoredValue::new_local(Some(Rc::new(handler))),
            peers: RwSignal::new(Vec::new()),
            unavailable: RwSignal::new(false),
        };
        on_cleanup(move || {
            let _ = rooms.retries.try_set_value(Vec::new());
            let _ = rooms.handler.try_set_value(None);
            let _ = rooms.links.try_set_value(Vec::new());
        });
        rooms
    }

    fn is_open(&self, code: &RoomCode) -> bool {
        self.links
            .try_with_value(|l| l.iter().any(|(c, _)| c == code))
            .unwrap_or(true)
    }

    /// Joins `code`'s room (once).
    fn open(self, code: RoomCode) {
        if self.is_open(&code) {
            return;
        }
        let settings = OnlineSettings::load();
        let url = room_url(&settings.server, &code);
        spawn_local(async move {
            let Ok(net) = link::load().await else {
                let _ = self.unavailable.try_set(true);
                return;
            };
            if self.is_open(&code) {
                return; // opened meanwhile, or the view is gone
            }
            let room = code.clone();
            let opened = Link::open(&net, &settings.endpoint(url), move |event| {
                self.event(&room, event);
            });
            let _ = self.links.try_update_value(|l| l.push((code, opened)));
        });
    }

    fn event(self, room: &RoomCode, event: LinkEvent) {
        match &event {
            LinkEvent::Peer(peer) => {
                let _ = self
                    .peers
                    .try_update(|p| p.push((room.clone(), peer.clone())));
            }
            LinkEvent::Left(peer) => {
                let _ = self
                    .peers
                    .try_update(|p| p.retain(|(r, q)| !(r == room && q == peer)));
            }
            LinkEvent::Closed(_) => {
                self.close_soon(room.clone());
                let again = room.clone();
                let retry = Timeout::new(RETRY_MS, move || self.open(again));
                let _ = self.retries.try_update_value(|r| {
                    r.retain(|(c, _)| c != room);
                    r.push((room.clone(), retry));
                });
            }
            LinkEvent::Id(_) | LinkEvent::Message(..) => {}
        }
        if let Some(Some(handler)) = self.handler.try_get_value() {
            handler(room, event);
        }
    }

    /// Leaves `code`'s room once the link's callback has returned (a link
    /// is never dropped from inside its own callback).
    fn close_soon(self, code: RoomCode) {
        spawn_local(async move { self.close(&code) });
    }

    fn close(&self, code: &RoomCode) {
        let _ = self
            .links
            .try_update_value(|l| l.retain(|(c, _)| c != code));
        let _ = self.peers.try_update(|p| p.retain(|(r, _)| r != code));
    }

    /// Leaves (soon) every room but those in `keep`.
    fn keep_only(self, keep: &[RoomCode]) {
        let gone: Vec<RoomCode> = self
            .links
            .try_with_value(|l| {
                l.iter()
                    .map(|(c, _)| c.clone())
                    .filter(|c| !keep.contains(c))
                    .collect()
            })
            .unwrap_or_default();
        for code in gone {
            let _ = self
                .retries
                .try_update_value(|r| r.retain(|(c, _)| *c != code));
            self.close_soon(code);
        }
    }

    fn send(&self, room: &RoomCode, peer: &str, text: &str) {
        self.links.with_value(|l| {
            if let Some((_, link)) = l.iter().find(|(c, _)| c == room) {
                link.send(peer, text);
            }
        });
    }

    fn broadcast(&self, text: &str) {
        self.links.with_value(|l| {
            for (_, link) in l {
                link.broadcast(text);
            }
        });
    }
}

/// The organizer's page: the link to share, who entered, the start; then
/// the rounds, results entered or decided, withdrawals, the standings.
#[component]
pub fn HostView(code: String) -> impl IntoView {
    let key = StoredValue::new(StoreKey::TournamentHost(code.clone()));
    let Some(organizer) = local::load(&key.get_value()).and_then(|t| Organizer::from_text(&t).ok())
    else {
        return view! {
            <section class="panel tournament" data-testid="tournament-online">
                <p role="alert">{tr_text(|| tr!("tournament-online-missing"))}</p>
            </section>
        }
        .into_any();
    };
    let public = organizer.public();
    let lobby = lobby_room(&public);
    let organizer = StoredValue::new_local(organizer);
    let state = RwSignal::new(organizer.with_value(|o| o.state().clone()));
    let error = RwSignal::new(None::<SetupError>);
    let copied = RwSignal::new(false);
    let share = page_url(&Route::Tournament(format!("/join/{public}")).fragment());
    let rooms_cell: StoredValue<Option<Rooms>, LocalStorage> = StoredValue::new_local(None);
    let save = move || {
        organizer.with_value(|o| key.with_value(|k| store(k, &o.to_text())));
    };
    // Every change: saved, shown, sent to every page; a private room open
    // for each player who entered (and none for one who left before the
    // start).
    let lobby_kept = StoredValue::new(lobby.clone());
    let changed = move || {
        let Some(rooms) = rooms_cell.get_value() else {
            return;
        };
        save();
        let Some(message) = organizer.try_update_value(|o| o.state_message(now())) else {
            return;
        };
        state.set(organizer.with_value(|o| o.state().clone()));
        let mut keep = vec![lobby_kept.get_value()];
        for player in state.with_untracked(|s| s.keys.clone()) {
            let code = member_room(&public, &player);
            rooms.open(code.clone());
            keep.push(code);
        }
        rooms.keep_only(&keep);
        rooms.broadcast(&message);
    };
    let rooms = Rooms::new(move |room, event| {
        let Some(rooms) = rooms_cell.get_value() else {
            return;
        };
        match event {
            // A page arrives: it gets the state at once.
            LinkEvent::Peer(peer) => {
                if let Some(Some(message)) =
                    organizer.try_update_value(|o| o.welcome(&peer, Millis(now())))
                {
                    rooms.send(room, &peer, &message);
                }
            }
            LinkEvent::Message(peer, text) => {
                let reply = organizer.try_update_value(|o| o.receive(&peer, &text, Millis(now())));
                let answer = match reply {
                    // Addressed to the page that asked: a page believes its
                    // first state only so (see net::tournament).
                    Some(Reply::State) => organizer.try_update_value(|o| o.state_to(&peer, now())),
                    Some(Reply::Refused(why)) => {
                        save();
                        organizer.try_update_value(|o| o.refusal_message(why, now()))
                    }
                    Some(Reply::Changed) => {
                        changed();
                        None
                    }
                    Some(Reply::Nothing) | None => None,
                };
                if let Some(message) = answer {
                    rooms.send(room, &peer, &message);
                }
            }
            _ => {}
        }
    });
    rooms_cell.set_value(Some(rooms));
    rooms.open(lobby.clone());
    for player in state.with_untracked(|s| s.keys.clone()) {
        rooms.open(member_room(&public, &player));
    }
    let start = move |_| match organizer
        .try_update_value(Organizer::start)
        .unwrap_or(Ok(()))
    {
        Ok(()) => {
            error.set(None);
            changed();
        }
        Err(e) => error.set(Some(e)),
    };
    let decide = move |(at, score): (BoardRef, Score)| {
        if organizer.try_update_value(|o| o.decide(at, score)) == Some(true) {
            changed();
        }
    };
    let withdraw = move |player: usize| {
        if organizer.try_update_value(|o| o.withdraw(player)) == Some(true) {
            changed();
        }
    };
    let share_copy = share.clone();
    view! {
        <section class="panel tournament" data-testid="tournament-online" data-role="organizer">
            <h2><bdi>{move || state.with(|s| s.tournament.name().to_owned())}</bdi></h2>
            {move || (!state.with(|s| s.started)).then(|| view! {
                <p class="notice" role="status">{tr_text(|| tr!("tournament-online-organizer"))}</p>
            })}
            <label class="field wide" for="tournament-link">
                <span>{tr_text(|| tr!("tournament-online-link"))}</span>
                <input id="tournament-link" type="text" readonly dir="ltr" data-testid="tournament-link" prop:value=share/>
            </label>
            <button type="button" data-testid="tournament-link-copy" on:click=move |_| {
                copy_to_clipboard(&share_copy);
                copied.set(true);
            }>{move || if copied.get() { tr!("library-copied") } else { tr!("library-copy") }}</button>
            {move || rooms.unavailable.get().then(|| view! {
                <p class="notice forbidden" role="alert">{tr_text(|| tr!("tournament-online-unavailable"))}</p>
            })}
            {move || if state.with(|s| s.started) {
                view! { <Progress state=state.read_only() decide=Some(Callback::new(decide)) withdraw=Some(Callback::new(withdraw))/> }.into_any()
            } else {
                view! {
                    <Entrants state=state.read_only() remove=Some(Callback::new(withdraw))/>
                    {move || error.get().map(|e| view! { <SetupProblem error=e/> })}
                    <button type="button" class="primary" data-testid="tournament-online-start" on:click=start>
                        {tr_text(|| tr!("tournament-start"))}
                    </button>
                }.into_any()
            }}
            {move || state.with(|s| s.started).then(|| view! {
                <div class="tournament-export">
                    <button type="button" data-testid="export-games" on:click=move |_| {
                        let (name, records) = organizer.with_value(|o| {
                            (o.state().tournament.name().to_owned(), o.records().join("\n"))
                        });
                        crate::app::services::browser::download(&format!("{name}.pgn"), &records);
                    }>{tr_text(|| tr!("tournament-export-games"))}</button>
                </div>
            })}
            <p class="tournament-connections" data-testid="tournament-connections"
                data-peers=move || rooms.peers.with(Vec::len).to_string()>
                {move || tr!("tournament-online-pages", { "n" => rooms.peers.with(Vec::len) })}
            </p>
        </section>
    }
    .into_any()
}

/// Those who entered, before the start.
#[component]
fn Entrants(state: ReadSignal<State>, remove: Option<Callback<usize>>) -> impl IntoView {
    view! {
        <h3>{move || tr!("tournament-online-entrants", { "n" => state.with(|s| s.tournament.players().len()) })}</h3>
        <ol class="tournament-entrants" data-testid="tournament-entrants">
            {move || state.with(|s| s.tournament.players().iter().enumerate().map(|(i, p)| {
                let who = p.name.clone();
                view! {
                    <li data-testid="tournament-entrant">
                        <bdi>{p.name.clone()}</bdi>
                        {remove.map(|remove| view! {
                            " "
                            <button type="button" class="link" data-testid="tournament-entrant-remove"
                                aria-label=move || tr!("tournament-online-remove", { "name" => who.clone() })
                                on:click=move |_| remove.run(i)>"×"</button>
                        })}
                    </li>
                }
            }).collect_view())}
        </ol>
    }
}

/// The round under way (its boards and results), the standings and the
/// crosstable; the organizer also enters results and withdraws players.
#[component]
fn Progress(
    state: ReadSignal<State>,
    decide: Option<Callback<(BoardRef, Score)>>,
    withdraw: Option<Callback<usize>>,
) -> impl IntoView {
    move || {
        let s = state.get();
        let t = s.tournament.clone();
        let over = t.is_over();
        let round = t.rounds().len();
        let total = t.total_rounds();
        let name = |p: usize| t.player(p).map(|p| p.name.clone()).unwrap_or_default();
        let boards = t.current_round().to_vec();
        view! {
            <RoundLine round=round total=total over=over/>
            {(!over).then(|| view! {
                <ul class="tournament-boards" data-testid="tournament-boards">
                    {boards.iter().enumerate().map(|(b, board)| {
                        let first = name(board.first);
                        let second = board.second.map(name);
                        let at = BoardRef::new(round - 1, b);
                        let disputed = s.disputed.contains(&at);
                        // A player's report waiting for the other's.
                        let waiting = s.reports.iter()
                            .find(|r| r.board == at && board.score.is_none())
                            .filter(|_| !disputed)
                            .and_then(|r| {
                                let other = board.opponent(r.player)?;
                                Some((name(r.player), r.score, name(other)))
                            });
                        view! {
                            <li data-testid="tournament-board" data-done=board.done().to_string()>
                                <span class="board-players"><bdi>{first.clone()}</bdi>" – "{match second.clone() {
                                    Some(n) => view! { <bdi>{n}</bdi> }.into_any(),
                                    None => view! { <em>{tr_text(|| tr!("tournament-bye"))}</em> }.into_any(),
                                }}</span>
                                {board.score.map(|sc| view! { <span class="board-score" data-testid="board-score">{sc.token()}</span> })}
                                {disputed.then(|| view! { <em class="disputed" data-testid="board-disputed">{tr_text(|| tr!("tournament-online-disputed"))}</em> })}
                                {waiting.map(|(who, score, other)| view! {
                                    <em class="board-report" data-testid="board-report">
                                        {move || tr!("tournament-online-report-waiting", { "name" => who.clone(), "score" => score.token(), "other" => other.clone() })}
                                    </em>
                                })}
                                {s.room(at).filter(|_| board.score.is_none()).map(|room| view! {
                                    <a href=Route::Invite(Invitation::Room(room.host)).url()
                                        data-testid="tournament-online-watch">{tr_text(|| tr!("tournament-watch"))}</a>
                                })}
                                {match (decide, second, board.score) {
                                    (Some(decide), Some(second), None) => {
                                        view! {
                                            <details class="board-result" data-testid="board-result">
                                                <summary>{tr_text(|| tr!("tournament-result"))}</summary>
                                                <button type="button" on:click=move |_| decide.run((at, Score::FirstWins))>
                                                    {move || tr!("tournament-won", { "name" => first.clone() })}
                                                </button>
                                                <button type="button" on:click=move |_| decide.run((at, Score::Draw))>
                                                    {tr_text(|| tr!("tournament-draw"))}
                                                </button>
                                                <button type="button" on:click=move |_| decide.run((at, Score::SecondWins))>
                                                    {move || tr!("tournament-won", { "name" => second.clone() })}
                                                </button>
                                            </details>
                                        }.into_any()
                                    }
                                    _ => ().into_any(),
                                }}
                            </li>
                        }
                    }).collect_view()}
                </ul>
            })}
            <Standings t=t.clone() withdraw=withdraw.filter(|_| !over)/>
            <Crosstable t=t.clone() replay=None/>
            <div class="tournament-export">
                <button type="button" data-testid="export-standings" on:click=move |_| export_standings(&t)>
                    {tr_text(|| tr!("tournament-export-standings"))}
                </button>
            </div>
        }
    }
}

/// Any other page: it follows the organizer's signed state, joins under a
/// name (a key made here, kept for this tournament), and can leave.
#[component]
pub fn FollowView(organizer: String) -> impl IntoView {
    let Some(public) = PublicKey::parse(&organizer) else {
        return view! {
            <section class="panel tournament" data-testid="tournament-online">
                <p role="alert">{tr_text(|| tr!("tournament-online-bad-link"))}</p>
            </section>
        }
        .into_any();
    };
    let seat_key = StoredValue::new(StoreKey::TournamentSeat(public.to_string()));
    let key = local::load(&seat_key.get_value()).and_then(|t| SeatKey::parse(&t));
    let mine = key.as_ref().map(|k| member_room(&public, &k.public()));
    let kept = local::load(&StoreKey::TournamentFollow(public.to_string())).and_then(|t| {
        let (n, text) = t.split_once('\n')?;
        Some((State::from_text(text).ok()?, n.parse::<u64>().ok()?))
    });
    let mut following = Follower::new(public, key);
    if let Some((kept, heard)) = kept.clone() {
        following.remember(kept, heard);
    }
    let kept = kept.map(|(state, _)| state);
    let first_visit = kept.is_none();
    let follower = StoredValue::new_local(following);
    let state = RwSignal::new(kept);
    let me = RwSignal::new(follower.with_value(Follower::me));
    let refused = RwSignal::new(None::<Refusal>);
    let name = RwSignal::new(String::new());
    let lobby = lobby_room(&public);
    let rooms_cell: StoredValue<Option<Rooms>, LocalStorage> = StoredValue::new_local(None);
    let lobby_for_events = lobby.clone();
    let saves = use_context::<Saves>();
    // After each state: this page makes its board's room when it is the
    // first player there, and reports each of its boards whose game has
    // ended (both players do; the organizer checks and compares).
    let follow_up = move || {
        let Some(rooms) = rooms_cell.get_value() else {
            return;
        };
        let mut out: Vec<String> = Vec::new();
        follower.update_value(|f| {
            out.extend(f.make_room(now()));
            let (Some(state), Some(me)) = (f.state().cloned(), f.me()) else {
                return;
            };
            for room in &state.rooms {
                let Some(pairing) = state.tournament.pairing(room.board) else {
                    continue;
                };
                if !pairing.has(me) || pairing.score.is_some() || f.reported(room.board) {
                    continue;
                }
                let Some((first, second)) = state.board_names(room.board) else {
                    continue;
                };
                let ended = saves
                    .and_then(|s| saved_board(s, &room.host, (&first, &second)))
                    .filter(|(_, record)| record.game.outcome().is_some());
                if let Some((saved, record)) = ended {
                    let score = Score::of(record.game.outcome());
                    out.extend(f.report_on(room.board, room.host, score, &saved.record, now()));
                }
            }
        });
        for message in out {
            rooms.broadcast(&message);
        }
    };
    let rooms = Rooms::new(move |room, event| {
        let text = match event {
            // A state addressed to this peer id is this page's.
            LinkEvent::Id(id) => {
                follower.update_value(|f| f.add_id(&id));
                return;
            }
            LinkEvent::Message(_, text) => text,
            _ => return,
        };
        let Some(heard) = follower.try_update_value(|f| f.receive(&text)) else {
            return;
        };
        match heard {
            Heard::Nothing => {}
            Heard::State => {
                let (s, m, heard) =
                    follower.with_value(|f| (f.state().cloned(), f.me(), f.heard()));
                if let Some(s) = &s {
                    store(
                        &StoreKey::TournamentFollow(public.to_string()),
                        &format!("{heard}\n{}", s.to_text()),
                    );
                    // Each board's game links back here from the online page.
                    for r in &s.rooms {
                        store(
                            &StoreKey::TournamentBoard(r.host.room().to_string()),
                            &format!("join/{public}"),
                        );
                    }
                    if first_visit {
                        crate::app::tournament::reindex();
                    }
                }
                state.set(s);
                me.set(m);
                if m.is_some() {
                    refused.set(None);
                    follow_up();
                }
                // A player named by the state talks in its own room only.
                if let (Some(_), Some(rooms)) = (m, rooms_cell.get_value()) {
                    if *room != lobby_for_events {
                        rooms.close_soon(lobby_for_events.clone());
                    }
                }
            }
            Heard::Refused(why) => refused.set(Some(why)),
        }
    });
    rooms_cell.set_value(Some(rooms));
    rooms.open(lobby.clone());
    if let Some(code) = mine.clone() {
        rooms.open(code);
    }
    // Until a state addressed to this page came (the organizer's welcome
    // may be lost, or dropped when it is flooded), it asks again, with a
    // backoff; the ticks die with the view.
    let asking = Interval::new(1_000, move || {
        if let Some(Some(hello)) = follower.try_update_value(|f| f.ask(Millis(now()))) {
            rooms.broadcast(&hello);
        }
    });
    StoredValue::new_local(asking);
    let join = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let typed = name.get_untracked();
        // The key is made once for this tournament, and kept.
        let seat_key = seat_key.get_value();
        let key = local::load(&seat_key)
            .and_then(|t| SeatKey::parse(&t))
            .unwrap_or_else(|| {
                let k = SeatKey::from_seed(random_bytes::<32>());
                store(&seat_key, &k.to_text());
                k
            });
        let own = member_room(&public, &key.public());
        follower.update_value(|f| f.set_key(key));
        if let Some(Some(message)) = follower.try_update_value(|f| f.enter(&typed, now())) {
            rooms.broadcast(&message);
        }
        rooms.open(own);
    };
    let leave = move |_| {
        if let Some(Some(message)) = follower.try_update_value(|f| f.leave(now())) {
            rooms.broadcast(&message);
        }
    };
    // Connected: a page of the tournament is there (the organizer, once
    // this page is a player in its own room).
    let connected = move || rooms.peers.with(|p| !p.is_empty());
    view! {
        <section class="panel tournament" data-testid="tournament-online"
            data-role=move || if me.get().is_some() { "player" } else { "spectator" }>
            {move || match state.get() {
                None => view! {
                    <p role="status" data-testid="tournament-online-waiting">
                        {move || if rooms.unavailable.get() { tr!("tournament-online-unavailable") } else { tr!("tournament-online-waiting") }}
                    </p>
                }.into_any(),
                Some(s) => {
                    let started = s.started;
                    let t = s.tournament.clone();
                    let player = me.get();
                    let my_name = player.and_then(|p| t.player(p)).map(|p| p.name.clone());
                    let withdrawn = player.and_then(|p| t.player(p)).is_some_and(|p| p.withdrawn.is_some());
                    let over = t.is_over();
                    // The board of the round under way (none once the
                    // tournament is over: there is no next round to wait
                    // for), and this player's report on it, if it waits.
                    let board = player.filter(|_| !over).and_then(|p| s.board_of(p)).and_then(|at| {
                        let BoardRef { round: r, board: b } = at;
                        let pairing = t.pairing(at)?.clone();
                        let p = player?;
                        let side = if pairing.first == p { "first" } else { "second" };
                        let other = pairing.opponent(p).and_then(|o| t.player(o)).map(|o| o.name.clone());
                        // (Reports that disagree are the organizer's to decide.)
                        let reported = s.reports.iter()
                            .find(|x| (x.board, x.player) == (at, p))
                            .map(|x| if s.disputed.contains(&at) { None } else { Some(x.score) });
                        Some((r + 1, b + 1, side, other, pairing.score.is_some(), reported))
                    });
                    view! {
                        <h2><bdi>{t.name().to_owned()}</bdi></h2>
                        {match (&my_name, withdrawn) {
                            (Some(_), true) => view! { <p class="notice" data-testid="tournament-online-left">{tr_text(|| tr!("tournament-online-left"))}</p> }.into_any(),
                            (Some(n), false) if !started => {
                                let n = n.clone();
                                view! { <p class="notice" role="status" data-testid="tournament-online-joined">{move || tr!("tournament-online-joined", { "name" => n.clone() })}</p> }.into_any()
                            }
                            (Some(_), false) => match board.clone() {
                                Some((_, _, _, Some(other), false, Some(None))) => view! {
                                    <p class="notice" role="status" data-testid="tournament-online-board" data-disputed="true">
                                        {move || tr!("tournament-online-your-dispute", { "name" => other.clone() })}
                                    </p>
                                }.into_any(),
                                Some((_, _, _, Some(other), false, Some(Some(score)))) => view! {
                                    <p class="notice" role="status" data-testid="tournament-online-board" data-reported=score.token()>
                                        {move || tr!("tournament-online-reported", { "score" => score.token(), "name" => other.clone() })}
                                    </p>
                                }.into_any(),
                                Some((r, b, side, Some(other), false, None)) => {
                                    let at = BoardRef::new(r - 1, b - 1);
                                    let room = s.room(at).copied();
                                    let s2 = s.clone();
                                    let names = s.board_names(at).unwrap_or_default();
                                    let play = move |_| {
                                        let Some(room) = room else { return };
                                        let Some(key) = follower.with_value(|f| f.key().cloned()) else { return };
                                        if let Some(saves) = saves {
                                            if saved_board(saves, &room.host, (&names.0, &names.1)).is_none() {
                                                prepare_board(saves, &s2, &key, &public, &room);
                                            }
                                        }
                                        crate::app::services::browser::go(&Route::Invite(Invitation::Room(room.host)));
                                    };
                                    view! {
                                        <p class="notice" role="status" data-testid="tournament-online-board">
                                            {move || tr!("tournament-online-your-board", { "round" => r, "board" => b, "name" => other.clone(), "side" => side })}
                                        </p>
                                        <button type="button" class="primary" data-testid="tournament-online-play"
                                            disabled=room.is_none() on:click=play>
                                            {tr_text(|| tr!("tournament-online-play"))}
                                        </button>
                                    }.into_any()
                                }
                                Some((_, _, _, None, _, _)) => view! { <p class="notice" data-testid="tournament-online-board">{tr_text(|| tr!("tournament-online-bye"))}</p> }.into_any(),
                                Some((_, _, _, Some(_), true, _)) => view! { <p class="notice" data-testid="tournament-online-board">{tr_text(|| tr!("tournament-online-board-done"))}</p> }.into_any(),
                                _ => ().into_any(),
                            },
                            (None, _) if !started => view! {
                                <form class="tournament-join" data-testid="tournament-join" on:submit=join>
                                    <label class="field" for="tournament-join-name">
                                        <span>{tr_text(|| tr!("tournament-online-join-name"))}</span>
                                        <input id="tournament-join-name" type="text" maxlength="40" dir="auto" data-testid="tournament-join-name"
                                            prop:value=move || name.get() on:input=move |e| name.set(event_target_value(&e))/>
                                    </label>
                                    <button type="submit" class="primary" data-testid="tournament-join-button">{tr_text(|| tr!("tournament-online-join"))}</button>
                                </form>
                            }.into_any(),
                            (None, _) => view! { <p class="notice" role="status" data-testid="tournament-online-watching">{tr_text(|| tr!("tournament-online-watching"))}</p> }.into_any(),
                        }}
                        {move || refused.get().map(|why| view! {
                            <p class="notice forbidden" role="alert" data-testid="tournament-online-refused">
                                {move || tr!("tournament-online-refused", { "why" => why.token() })}
                            </p>
                        })}
                        {if started {
                            let s = s.clone();
                            view! { <Progress state=RwSignal::new(s).read_only() decide=None withdraw=None/> }.into_any()
                        } else {
                            let s = RwSignal::new(s.clone());
                            view! { <Entrants state=s.read_only() remove=None/> }.into_any()
                        }}
                        {(my_name.is_some() && !withdrawn && !over).then(|| view! {
                            <details class="withdraw" data-testid="tournament-leave">
                                <summary>{tr_text(|| tr!("tournament-online-leave"))}</summary>
                                <button type="button" data-testid="tournament-leave-confirm" on:click=leave>
                                    {tr_text(|| tr!("tournament-online-leave-confirm"))}
                                </button>
                            </details>
                        })}
                    }.into_any()
                }
            }}
            <p class="tournament-connections" data-testid="tournament-connection"
                data-peers=move || rooms.peers.with(Vec::len).to_string()
                data-status=move || if connected() { "connected" } else { "waiting" }>
                {move || if connected() { tr!("tournament-online-connected") } else { tr!("tournament-online-waiting") }}
            </p>
        </section>
    }
    .into_any()
}
