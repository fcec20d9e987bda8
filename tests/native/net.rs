//! The online protocol and its referee, with pages wired to each other in
//! memory: every message goes through `encode` and `Table::receive`, as it
//! does over a data channel. Here, the harness (`Net`) and the rooms the
//! tests start from; the tests, by concern, in `net/`.

mod links;
mod messages;
mod play;
mod room;
mod seats;

use kharbga::engine::{BoardSize, Game, Millis, Rules, Side};
use kharbga::net::identity::{join_bytes, PublicKey, SeatKey};
use kharbga::net::message::{decode, DecodeError, Message, Seat};
use kharbga::net::table::{Event, Table, Warning};

/// A seat key made from `n`.
pub(crate) fn key(n: u8) -> SeatKey {
    SeatKey::from_seed([n; 32])
}

/// A join for the room of `key(1)` under `name` with `signer`'s key, with
/// its proof for the connection from `from` to `to`.
pub(crate) fn join_message(name: &str, signer: &SeatKey, from: &str, to: &str) -> Message {
    let key = signer.public();
    Message::Join {
        name: name.into(),
        key,
        proof: signer.sign(&join_bytes(&host_key().room(), &key, name, from, to)),
    }
}

/// The host key of the tests' rooms (`key(1)`).
pub(crate) fn host_key() -> PublicKey {
    key(1).public()
}

/// A page that opened the invitation to `key(1)`'s room.
pub(crate) fn newcomer() -> Table {
    Table::newcomer(host_key())
}

/// Pages connected to each other through an in-memory signalling server.
pub(crate) struct Net {
    pub(crate) pages: Vec<(String, Table, Vec<Event>)>,
    pub(crate) queue: Vec<(String, String, String)>,
    pub(crate) now: Millis,
}

impl Net {
    pub(crate) fn new() -> Net {
        Net {
            pages: Vec::new(),
            queue: Vec::new(),
            now: Millis(1_000),
        }
    }

    /// A page joins the room: it connects to every page already there.
    pub(crate) fn add(&mut self, id: &str, mut table: Table) -> usize {
        table.set_id(id.to_owned(), self.now);
        self.pages.push((id.to_owned(), table, Vec::new()));
        let me = self.pages.len() - 1;
        for other in 0..me {
            let other_id = self.pages[other].0.clone();
            let events = self.pages[me].1.connected(other_id.clone(), self.now);
            self.route(me, events);
            let events = self.pages[other].1.connected(id.to_owned(), self.now);
            self.route(other, events);
        }
        self.run();
        me
    }

    /// A page joins, and the page already there (`0`) hears its hello
    /// before the news of its connection (matchbox reports the two on
    /// separate streams), which comes after everything else.
    fn add_message_first(&mut self, id: &str, mut table: Table) -> usize {
        table.set_id(id.to_owned(), self.now);
        self.pages.push((id.to_owned(), table, Vec::new()));
        let me = self.pages.len() - 1;
        let other_id = self.pages[0].0.clone();
        let events = self.pages[me].1.connected(other_id, self.now);
        self.route(me, events);
        self.run();
        let events = self.pages[0].1.connected(id.to_owned(), self.now);
        self.route(0, events);
        self.run();
        me
    }

    /// A page leaves (closed or reloaded): the others hear it is gone.
    pub(crate) fn remove(&mut self, index: usize) -> Table {
        let (id, table, _) = self.pages.remove(index);
        for (_, t, _) in &mut self.pages {
            t.disconnected(&id, self.now);
        }
        self.queue.retain(|(from, to, _)| *from != id && *to != id);
        table
    }

    /// What a page's events send, as its table writes them (signed where
    /// a player signs).
    pub(crate) fn route(&mut self, page: usize, events: Vec<Event>) {
        let from = self.pages[page].0.clone();
        for (to, text) in self.pages[page].1.outgoing(&events) {
            match to {
                Some(to) => self.queue.push((from.clone(), to, text)),
                None => {
                    for (to, _, _) in &self.pages {
                        if *to != from {
                            self.queue.push((from.clone(), to.clone(), text.clone()));
                        }
                    }
                }
            }
        }
        self.pages[page].2.extend(events);
    }

    /// `message` as the page `page` would send it (signed by its seat).
    pub(crate) fn sealed(&mut self, page: usize, message: Message) -> String {
        let mut texts = self.pages[page].1.outgoing(&[Event::Broadcast(message)]);
        texts.remove(0).1
    }

    /// `page` claims, sealed by its own table, that the first player's flag
    /// fell at ply `plies`, and tells the page `to` alone.
    pub(crate) fn claim_first_flag(&mut self, page: usize, plies: u32, to: &str) {
        let flag = self.sealed(
            page,
            Message::Flag {
                side: Seat::First,
                plies,
            },
        );
        let from = self.pages[page].0.clone();
        self.deliver(&from, to, &flag);
    }

    /// Delivers every message in flight, in order.
    pub(crate) fn run(&mut self) {
        let mut steps = 0;
        while !self.queue.is_empty() {
            steps += 1;
            assert!(steps < 10_000, "messages never settle");
            let (from, to, text) = self.queue.remove(0);
            self.deliver(&from, &to, &text);
        }
    }

    /// One raw message into a page's receive path.
    pub(crate) fn deliver(&mut self, from: &str, to: &str, text: &str) {
        self.now += Millis(10);
        let Some(page) = self.pages.iter().position(|(id, _, _)| id == to) else {
            return;
        };
        let events = self.pages[page].1.receive(from, text, self.now);
        self.route(page, events);
    }

    pub(crate) fn table(&self, page: usize) -> &Table {
        &self.pages[page].1
    }

    pub(crate) fn table_mut(&mut self, page: usize) -> &mut Table {
        &mut self.pages[page].1
    }

    /// Events a page saw since the last call.
    pub(crate) fn events(&mut self, page: usize) -> Vec<Event> {
        std::mem::take(&mut self.pages[page].2)
    }

    pub(crate) fn warnings(&mut self, page: usize) -> Vec<Warning> {
        self.events(page)
            .into_iter()
            .filter_map(|e| match e {
                Event::Warn(w) => Some(w),
                _ => None,
            })
            .collect()
    }

    /// A page plays a ply (its text) through its table.
    pub(crate) fn play(&mut self, page: usize, ply: &str) {
        let events = self.pages[page]
            .1
            .play(ply.parse().expect("a ply"), self.now)
            .expect("a legal ply of ours");
        self.route(page, events);
        self.run();
    }

    /// A page presses *Join* as `name` with `key`: its join is sent, not
    /// yet delivered.
    pub(crate) fn press_join(&mut self, page: usize, name: &str, key: SeatKey) {
        let events = self.pages[page].1.join(name.into(), key);
        self.route(page, events);
    }

    /// A page does something through its table.
    pub(crate) fn act(&mut self, page: usize, act: impl FnOnce(&mut Table) -> Vec<Event>) {
        let events = act(&mut self.pages[page].1);
        self.route(page, events);
        self.run();
    }
}

/// A player's page opened again from what it saved (its game, names, key,
/// the room's host key and the guest's certificate).
pub(crate) fn reloaded(left: &Table, side: Side) -> Table {
    reloaded_with(left, side, left.game().clone())
}

/// [`reloaded`], from an older copy of its game.
pub(crate) fn reloaded_with(left: &Table, side: Side, game: Game) -> Table {
    let mut table = Table::resume(
        game,
        side,
        left.names().clone(),
        left.key().cloned().expect("a player's key"),
        left.host_key(),
        left.cert().map(|c| (c.key, c.signature)),
        "?".into(),
    );
    // The page numbers its messages from the time it opened (after any it
    // signed before).
    table.number_from(Millis(1_000_000_000));
    table
}

/// Amel hosts a Seega 5×5 game as the first player; Youssef joins; a
/// spectator comes later.
pub(crate) fn seated() -> (Net, usize, usize) {
    let mut net = Net::new();
    let game = Game::new(Rules::seega(BoardSize::Five));
    let host = net.add(
        "p-host",
        Table::host(
            game,
            Side::First,
            "Amel".into(),
            key(1),
            "2026.11.23".into(),
        ),
    );
    let guest = net.add("p-guest", newcomer());
    assert!(net
        .events(guest)
        .contains(&Event::Invited(Some(Side::Second))));
    assert_eq!(net.table(guest).names()[0], "Amel");
    net.act(guest, |t| t.join("Youssef".into(), key(2)));
    assert!(net.events(host).contains(&Event::Seated));
    (net, host, guest)
}

/// [`seated`], and a spectator comes in: `(net, host, guest, watcher)`.
pub(crate) fn watched() -> (Net, usize, usize, usize) {
    let (mut net, host, guest) = seated();
    let watcher = net.add("p-watch", newcomer());
    (net, host, guest, watcher)
}

/// [`seated`], and the first `plies` plies played (each by the player
/// whose turn it is).
pub(crate) fn seated_after(plies: usize) -> (Net, usize, usize) {
    let (mut net, host, guest) = seated();
    for _ in 0..plies {
        play_next(&mut net, host, guest);
    }
    (net, host, guest)
}

/// An untimed ply message: ply number `index` of the game, `ply`, and the
/// `hash` of the position it leads to.
pub(crate) fn untimed_ply(index: u32, ply: &str, hash: u64) -> Message {
    Message::Ply {
        index,
        ply: ply.parse().expect("a ply"),
        hash,
        left: None,
    }
}

/// A page plays its whole turn (Seega sets two soldiers a turn); returns
/// the last ply.
pub(crate) fn play_turn(net: &mut Net, page: usize) -> String {
    let side = net.table(page).side().expect("a player");
    let mut last = String::new();
    while net.table(page).game().outcome().is_none()
        && net.table(page).game().position().to_move() == side
    {
        last = some_ply(net, page);
        net.play(page, &last);
    }
    last
}

/// The player whose turn it is (the host or the guest) plays its first
/// legal ply.
pub(crate) fn play_next(net: &mut Net, host: usize, guest: usize) {
    let mover = match net.table(host).game().position().to_move() {
        Side::First => host,
        Side::Second => guest,
    };
    let ply = some_ply(net, mover);
    net.play(mover, &ply);
}

/// The first legal ply of the page's game, as text.
pub(crate) fn some_ply(net: &Net, page: usize) -> String {
    net.table(page).game().position().legal_plies()[0].to_string()
}

/// `text` is not read: malformed.
#[track_caller]
pub(crate) fn assert_malformed(text: &str) {
    assert_eq!(decode(text), Err(DecodeError::Malformed), "{text:?}");
}

/// The guest's page (`key(2)`, the second seat) resumed from a new game of
/// `rules` between `names`, saved before the host's certificate came.
fn uncertified_guest(rules: Rules, [first, second]: [&str; 2], date: &str) -> Table {
    Table::resume(
        Game::new(rules),
        Side::Second,
        [first.into(), second.into()],
        key(2),
        host_key(),
        None,
        date.into(),
    )
}

/// Amel hosts a Seega 5×5 game as the first player, alone in the room.
pub(crate) fn hosting() -> (Net, usize) {
    let mut net = Net::new();
    let game = Game::new(Rules::seega(BoardSize::Five));
    let host = net.add(
        "p-host",
        Table::host(game, Side::First, "Amel".into(), key(1), "d".into()),
    );
    (net, host)
}

/// Amel hosts Seega 5×5; the newcomer's page is welcomed and presses
/// *Join*, and its join is still on its way (nothing delivered yet).
pub(crate) fn joining() -> (Net, usize, usize) {
    let (mut net, host) = hosting();
    let guest = net.add("p-guest", newcomer());
    net.events(guest);
    net.press_join(guest, "Youssef", key(2));
    (net, host, guest)
}
