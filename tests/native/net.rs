//! The online protocol and its referee, with pages wired to each other in
//! memory: every message goes through `encode` and `Table::receive`, as it
//! does over a data channel.

use kharbga::engine::{BoardSize, Game, Rules, Side};
use kharbga::net::identity::{
    hello_bytes, join_bytes, PublicKey, Role as SeatRole, SeatCert, SeatKey,
};
use kharbga::net::merge::takeback_point;
use kharbga::net::message::{
    decode, encode, Claim, DecodeError, Message, Offer, Refusal, Seat, MAX_MESSAGE, PROTOCOL,
};
use kharbga::net::table::{Event, Presence, Role, Table, Warning};

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
    pub(crate) now: f64,
}

impl Net {
    pub(crate) fn new() -> Net {
        Net {
            pages: Vec::new(),
            queue: Vec::new(),
            now: 1_000.0,
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
        self.now += 10.0;
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

    /// A page plays a ply through its table.
    pub(crate) fn play(&mut self, page: usize, ply: &str) {
        let events = self.pages[page]
            .1
            .play(ply, self.now)
            .expect("a legal ply of ours");
        self.route(page, events);
        self.run();
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
    let mut table = Table::resume(
        left.game.clone(),
        side,
        left.names.clone(),
        left.key.clone().expect("a player's key"),
        left.host,
        left.cert.as_ref().map(|c| (c.key, c.signature)),
        "?".into(),
    );
    // The page numbers its messages from the time it opened (after any it
    // signed before).
    table.number_from(1_000_000_000);
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
    assert_eq!(net.table(guest).names[0], "Amel");
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

/// A page plays its whole turn (Seega sets two soldiers a turn); returns
/// the last ply.
pub(crate) fn play_turn(net: &mut Net, page: usize) -> String {
    let side = net.table(page).side().expect("a player");
    let mut last = String::new();
    while net.table(page).game.outcome().is_none()
        && net.table(page).game.position().to_move() == side
    {
        last = some_ply(net, page);
        net.play(page, &last);
    }
    last
}

/// The player whose turn it is (the host or the guest) plays its first
/// legal ply.
pub(crate) fn play_next(net: &mut Net, host: usize, guest: usize) {
    let mover = match net.table(host).game.position().to_move() {
        Side::First => host,
        Side::Second => guest,
    };
    let ply = some_ply(net, mover);
    net.play(mover, &ply);
}

/// The first legal ply of the page's game, as text.
pub(crate) fn some_ply(net: &Net, page: usize) -> String {
    net.table(page).game.position().legal_plies()[0].to_string()
}

#[test]
fn every_message_round_trips() {
    let claim = Claim {
        role: SeatRole::Guest,
        side: Seat::Second,
        n: 0,
        cert: Some((key(4).public(), key(1).sign(b"cert"))),
        signature: key(4).sign(b"hello"),
    };
    let host_claim = Claim {
        role: SeatRole::Host,
        side: Seat::First,
        n: 0,
        cert: None,
        signature: key(1).sign(b"hello"),
    };
    let messages = vec![
        Message::Hello {
            app: "0.1.0".into(),
            name: "Ａmel «the\\first»".into(),
            claim: Some(claim),
        },
        Message::Hello {
            app: "0.1.0".into(),
            name: String::new(),
            claim: None,
        },
        Message::Hello {
            app: "0.1.0".into(),
            name: "Amel".into(),
            claim: Some(host_claim),
        },
        Message::Welcome {
            record: "[Variant \"seega5\"]\r\n\n*".into(),
            open: Some(Seat::First),
            running: Some(59_900),
        },
        Message::Welcome {
            record: "[Variant \"seega5\"]\r\n\n*".into(),
            open: None,
            running: None,
        },
        join_message("يوسف", &key(4), "p-a", "p-b"),
        Message::Seated {
            side: Seat::Second,
            key: key(4).public(),
            name: "يوسف".into(),
            signature: key(1).sign(b"seat"),
        },
        Message::Ply {
            index: 7,
            ply: "e7-e6*".into(),
            hash: "00ff00ff00ff00ff".into(),
            left: None,
        },
        Message::Ply {
            index: 8,
            ply: "a1".into(),
            hash: "00ff00ff00ff00ff".into(),
            left: Some(179_900),
        },
        Message::Flag {
            side: Seat::First,
            plies: 9,
        },
        Message::Sync { record: "x".into() },
        Message::Resign,
        Message::Offer {
            offer: Offer::Takeback,
            plies: 3,
        },
        Message::Answer {
            offer: Offer::Rematch,
            accept: true,
        },
        Message::Chat {
            text: "<b>hi</b> & bye".into(),
        },
        Message::Watchers { count: 2 },
        Message::Ping {
            at: 1_700_000_000_012,
            plies: None,
        },
        Message::Ping {
            at: 1_700_000_000_012,
            plies: Some(31),
        },
        Message::Pong { at: 12 },
        Message::Bye,
        Message::Pair { host: host_key() },
        Message::Refused {
            why: Refusal::SeatTaken,
        },
    ];
    for message in messages {
        let text = encode(&message);
        assert!(
            text.starts_with(&format!("kharbga\t{PROTOCOL}\t")),
            "{text}"
        );
        assert_eq!(decode(&text), Ok(message));
    }
}

/// `text` is not read: malformed.
#[track_caller]
pub(crate) fn assert_malformed(text: &str) {
    assert_eq!(decode(text), Err(DecodeError::Malformed), "{text:?}");
}

#[test]
fn bad_messages_are_typed_errors() {
    // A page of an earlier version (protocol 1: seat secrets, not keys).
    assert_eq!(decode("kharbga\t1\tbye"), Err(DecodeError::Version(1)));
    assert_eq!(
        decode("kharbga\t1\twhatever\tx\ty"),
        Err(DecodeError::Version(1))
    );
    // A page of the version before (protocol 2: joins without a proof).
    assert_eq!(decode("kharbga\t2\tbye"), Err(DecodeError::Version(2)));
    assert_malformed("kharbga\tbye");
    assert_malformed("kharbga\t3\tdance");
    assert_malformed("kharbga\t3\tbye\textra");
    assert_malformed("kharbga\t3\tchat\tbad \\q escape");
    assert_malformed("not a message");
    assert_malformed("");
    assert_malformed("kharbga\t3\tply\t-1\ta1\t0000000000000000");
    assert_malformed("kharbga\t3\thello\t0.1\tx\t-\t-\tsecret\t-\t-");
    for bad in ["NaN", "inf", "-1", "1e9", "", "1.x"] {
        assert_malformed(&format!("kharbga\t3\tping\t{bad}"));
    }
    // An older page's time with a fraction reads, whole.
    assert_eq!(
        decode("kharbga\t3\tping\t12.5"),
        Ok(Message::Ping {
            at: 12,
            plies: None
        })
    );
    let big = format!("kharbga\t3\tsync\t{}", "a".repeat(MAX_MESSAGE));
    assert!(matches!(decode(&big), Err(DecodeError::Oversized(_))));
    let long_name = encode(&join_message(&"n".repeat(41), &key(1), "a", "b"));
    assert_eq!(decode(&long_name), Err(DecodeError::Field("name")));
    // Control and bidi format characters are stripped from names and chat
    // (a name cannot turn the text after it around); what is left must be
    // something.
    let control = encode(&Message::Chat {
        text: "a\u{7}b".into(),
    });
    assert_eq!(decode(&control), Ok(Message::Chat { text: "ab".into() }));
    let Message::Join { proof, .. } = join_message("Mallory", &key(1), "a", "b") else {
        unreachable!()
    };
    let bidi = encode(&Message::Join {
        name: "\u{202E}Mallory\u{2066}\u{200F}".into(),
        key: key(1).public(),
        proof,
    });
    assert_eq!(
        decode(&bidi),
        Ok(Message::Join {
            name: "Mallory".into(),
            key: key(1).public(),
            proof,
        })
    );
    let hidden = encode(&Message::Chat {
        text: "\u{202E}\u{FEFF} ".into(),
    });
    assert_eq!(decode(&hidden), Err(DecodeError::Field("chat")));
    // Arabic and Persian spelling keeps its joiners.
    let joiners = encode(&Message::Chat {
        text: "می\u{200C}خواهم".into(),
    });
    assert_eq!(
        decode(&joiners),
        Ok(Message::Chat {
            text: "می\u{200C}خواهم".into()
        })
    );
    // A record is counted before it is replayed: no more than the longest
    // game's plies.
    let long = format!("[Variant \"seega5\"]\n\n{}*", "a1 ".repeat(6_001));
    assert_eq!(
        decode(&encode(&Message::Sync { record: long })),
        Err(DecodeError::Field("record"))
    );
    // A key of the wrong shape cannot even be made: a message carrying one
    // is not read.
    assert_eq!(PublicKey::parse("nope"), None);
    assert_eq!(PublicKey::parse(&"A".repeat(52)), None);
    assert_malformed("kharbga\t3\tjoin\tx\tnope");
    assert_malformed("kharbga\t3\tpair\t0123456789ABCDEF");
    let bad_hash = encode(&Message::Ply {
        index: 0,
        ply: "a1".into(),
        hash: "xyz".into(),
        left: None,
    });
    assert_eq!(decode(&bad_hash), Err(DecodeError::Field("hash")));
    let long_ply = encode(&Message::Ply {
        index: 0,
        ply: "a1-a2-a3-a4".into(),
        hash: "0000000000000000".into(),
        left: None,
    });
    assert_eq!(decode(&long_ply), Err(DecodeError::Field("ply")));
}

#[test]
fn a_whole_game_is_played_and_watched() {
    let (mut net, host, guest, watcher) = watched();
    assert!(net.events(watcher).contains(&Event::Invited(None)));
    assert_eq!(net.table(watcher).role, Role::Spectator);
    assert_eq!(net.table(host).watchers(), 1);
    assert_eq!(net.table(guest).watchers(), 1);
    assert_eq!(
        net.table(watcher).names,
        ["Amel".to_owned(), "Youssef".to_owned()]
    );
    let mut plies = 0;
    while net.table(host).game.outcome().is_none() {
        play_next(&mut net, host, guest);
        plies += 1;
        assert!(plies < 2_000, "the game ends");
    }
    let end = net.table(host).game.clone();
    assert_eq!(net.table(guest).game, end);
    assert_eq!(net.table(watcher).game, end);
    for page in [host, guest, watcher] {
        assert_eq!(net.warnings(page), vec![], "page {page}");
    }
}

#[test]
fn nobody_moves_for_another_side() {
    let (mut net, host, guest, watcher) = watched();
    net.events(host);
    // The guest tries to move for the host (it is the host's turn).
    let ply = some_ply(&net, host);
    assert_eq!(
        net.table_mut(guest).play(&ply, 0.0),
        Err(kharbga::net::table::PlayError::NotYourTurn)
    );
    // A ply message the guest signs, for the host's side.
    let forged = Message::Ply {
        index: 0,
        ply: ply.clone(),
        hash: "0000000000000000".into(),
        left: None,
    };
    let signed = net.sealed(guest, forged.clone());
    net.deliver("p-guest", "p-host", &signed);
    assert_eq!(net.warnings(host), vec![Warning::WrongSide]);
    // The same, unsigned; and a spectator's ply.
    net.deliver("p-guest", "p-host", &encode(&forged));
    assert_eq!(net.warnings(host), vec![Warning::NotPlayer]);
    net.deliver("p-watch", "p-host", &encode(&forged));
    assert_eq!(net.warnings(host), vec![Warning::NotPlayer]);
    // The guest's signed message from another connection (a relay, or the
    // signalling server in the middle) is not the guest's seat there.
    net.deliver("p-watch", "p-host", &signed);
    assert_eq!(net.warnings(host), vec![Warning::NotPlayer]);
    // A spectator cannot play through its table either.
    assert!(net.table_mut(watcher).play(&ply, 0.0).is_err());
    assert_eq!(net.table(host).game.plies().len(), 0);
}

#[test]
fn bad_plies_are_refused_and_the_game_stays() {
    let (mut net, host, guest) = seated();
    let first = play_turn(&mut net, host);
    net.events(host);
    let good = some_ply(&net, guest);
    let message = |net: &mut Net, index: u32, ply: &str, hash: &str| {
        net.sealed(
            guest,
            Message::Ply {
                index,
                ply: ply.into(),
                hash: hash.into(),
                left: None,
            },
        )
    };
    // An illegal ply (the square is taken), a ply that is not one.
    let a = message(&mut net, 2, &first, "0000000000000000");
    let b = message(&mut net, 2, "zz", "0000000000000000");
    net.deliver("p-guest", "p-host", &a);
    net.deliver("p-guest", "p-host", &b);
    let warnings = net.warnings(host);
    assert!(
        matches!(warnings[..], [Warning::Illegal(_), Warning::Illegal(_)]),
        "{warnings:?}"
    );
    // A legal ply whose hash differs: refused, and a resync offered.
    let c = message(&mut net, 2, &good, "0123456789abcdef");
    net.deliver("p-guest", "p-host", &c);
    assert_eq!(net.warnings(host), vec![Warning::HashMismatch]);
    // The same signed message again (replayed): no news.
    net.deliver("p-guest", "p-host", &c);
    assert_eq!(net.warnings(host), vec![]);
    // An index that rewrites the past.
    let d = message(&mut net, 0, &good, "0123456789abcdef");
    net.deliver("p-guest", "p-host", &d);
    assert_eq!(net.warnings(host), vec![Warning::BadIndex]);
    net.queue.clear();
    assert_eq!(net.table(host).game.plies().len(), 2);
    // A duplicate of a known ply is quietly ignored.
    let e = message(&mut net, 1, &first, "0123456789abcdef");
    net.deliver("p-guest", "p-host", &e);
    assert_eq!(net.warnings(host), vec![]);
    // Garbage and a flood: warnings, one per flood, and the page carries on.
    net.deliver("p-guest", "p-host", "{{{");
    assert_eq!(
        net.warnings(host),
        vec![Warning::Decode(DecodeError::Malformed)]
    );
    let ping = encode(&Message::Ping { at: 1, plies: None });
    let now = net.now;
    let mut floods = 0;
    for _ in 0..400 {
        for e in net.table_mut(host).receive("p-guest", &ping, now) {
            floods += usize::from(e == Event::Warn(Warning::Flood));
        }
    }
    assert_eq!(floods, 1);
    net.queue.clear();
    net.now += 5_000.0;
    net.play(guest, &good);
    assert_eq!(
        net.table(host).game.plies().len(),
        3,
        "the honest ply still passes"
    );
}

/// The guest's claim of its seat (`key(2)`, certified by the host) as
/// seen by the peer `to`, signed by `signer`.
fn guest_claim(signer: &SeatKey, name: &str, to: &str) -> Claim {
    let cert = SeatCert::issue(&key(1), key(2).public(), "Youssef".into());
    let room = host_key().room();
    Claim {
        role: SeatRole::Guest,
        side: Seat::Second,
        n: 0,
        cert: Some((cert.key, cert.signature)),
        signature: signer.sign(&hello_bytes(&room, SeatRole::Guest, "second", name, 0, to)),
    }
}

#[test]
fn a_forged_seat_claim_is_refused() {
    let (mut net, host, _guest) = seated();
    net.events(host);
    let hello = |name: &str, claim: Claim| {
        encode(&Message::Hello {
            app: "0.1.0".into(),
            name: name.into(),
            claim: Some(claim),
        })
    };
    // Each from a connection of its own, refused as a bad secret.
    let refused = |net: &mut Net, peer: &str, name: &str, claim: Claim| {
        net.table_mut(host).connected(peer.into(), 0.0);
        net.deliver(peer, "p-host", &hello(name, claim));
        assert_eq!(net.warnings(host), vec![Warning::BadSecret], "{peer}");
    };
    // A stranger claims the guest's seat, signing with its own key…
    let forged = guest_claim(&key(9), "Youssef", "p-host");
    refused(&mut net, "p-evil", "Youssef", forged);
    // …or with the proof the guest showed someone else (a spectator)…
    let shown_elsewhere = guest_claim(&key(2), "Youssef", "p-evil");
    refused(&mut net, "p-evil-2", "Youssef", shown_elsewhere);
    // …or under another name than the host's certificate says…
    let renamed = guest_claim(&key(2), "Mallory", "p-host");
    refused(&mut net, "p-evil-3", "Mallory", renamed);
    // …or as the host, with a key that is not the room's.
    let room = host_key().room();
    let as_host = Claim {
        role: SeatRole::Host,
        side: Seat::First,
        n: 0,
        cert: None,
        signature: key(9).sign(&hello_bytes(
            &room,
            SeatRole::Host,
            "first",
            "Amel",
            0,
            "p-host",
        )),
    };
    refused(&mut net, "p-evil-4", "Amel", as_host);
    net.queue.clear();
    assert_eq!(net.table(host).names[1], "Youssef");
    // A ply from the stranger is not the opponent's.
    let ply = encode(&Message::Ply {
        index: 0,
        ply: "a1".into(),
        hash: "0000000000000000".into(),
        left: None,
    });
    net.deliver("p-evil", "p-host", &ply);
    assert_eq!(net.warnings(host), vec![Warning::NotPlayer]);
}

#[test]
fn a_player_who_returns_catches_up() {
    let (mut net, host, guest) = seated();
    for _ in 0..3 {
        play_next(&mut net, host, guest);
    }
    // The guest's page is reloaded: it comes back from its saved game,
    // which missed nothing; meanwhile the host played on.
    let left = net.remove(guest);
    assert!(left.cert.is_some(), "the guest holds its certificate");
    let host = 0;
    assert_eq!(net.table(host).presence(net.now), Presence::Away);
    let ply = some_ply(&net, host);
    if net.table(host).game.position().to_move() == Side::First {
        net.play(host, &ply);
    }
    let back = reloaded(&left, Side::Second);
    let guest = net.add("p-guest-2", back);
    assert_eq!(net.table(guest).game, net.table(host).game, "resynced");
    assert_eq!(net.table(host).presence(net.now), Presence::Connected);
    assert_eq!(net.warnings(host), vec![]);
    assert_eq!(net.warnings(guest), vec![]);
    // The host returns too, with an older copy: it catches up from the guest.
    let mut old = net.remove(host);
    old.game.undo();
    // (A page opened again knows no peer yet.)
    old.forget_peers();
    let guest = 0;
    let host = net.add("p-host-2", old);
    assert_eq!(net.table(host).game, net.table(guest).game);
}

#[test]
fn a_hello_heard_before_the_news_of_its_connection_is_answered() {
    // A newcomer: the host hears its hello first; it is invited all the same.
    let mut net = Net::new();
    let game = Game::new(Rules::seega(BoardSize::Five));
    let table = Table::host(game, Side::First, "Amel".into(), key(1), "d".into());
    net.add("p-host", table);
    let guest = net.add_message_first("p-guest", newcomer());
    assert!(net
        .events(guest)
        .contains(&Event::Invited(Some(Side::Second))));
    net.act(guest, |t| t.join("Youssef".into(), key(2)));
    // The host reloads: the guest hears the new page's hello first, and
    // the late news of its connection does not make it a stranger again
    // (it was shown away).
    let left = net.remove(0);
    let guest = 0;
    let back = reloaded(&left, Side::First);
    let host = net.add_message_first("p-host-2", back);
    net.now += 10.0;
    for page in [host, guest] {
        assert_eq!(net.table(page).presence(net.now), Presence::Connected);
        assert_eq!(net.warnings(page), vec![]);
    }
    let ply = some_ply(&net, host);
    net.play(host, &ply);
    assert_eq!(net.table(guest).game, net.table(host).game);
}

#[test]
fn a_record_with_our_plies_in_it_is_not_taken() {
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    play_turn(&mut net, guest);
    // The guest (or someone who says so) sends a record that extends the
    // game with a ply for the host's side.
    let mut forged = net.table(guest).game.clone();
    let c = forged.position().legal_plies()[0];
    forged.play(c).unwrap();
    let record = kharbga::engine::Record::write(&forged, "Amel", "Youssef", "?", &[]);
    let sync = net.sealed(guest, Message::Sync { record });
    net.deliver("p-guest", "p-host", &sync);
    net.queue.clear();
    assert_eq!(net.warnings(host), vec![Warning::Diverged]);
    assert_eq!(net.table(host).game.plies().len(), 4);
    let bad = net.sealed(
        guest,
        Message::Sync {
            record: "[Variant \"chess\"]\n\n*".into(),
        },
    );
    net.deliver("p-guest", "p-host", &bad);
    assert_eq!(net.warnings(host), vec![Warning::BadRecord]);
}

#[test]
fn takeback_draw_and_rematch() {
    let (mut net, host, guest) = seated();
    for _ in 0..2 {
        play_next(&mut net, host, guest);
    }
    // Seega: each sets two soldiers a turn, so two plies are one turn.
    let length = net.table(host).game.plies().len();
    let to = takeback_point(&net.table(host).game, Side::First).unwrap();
    net.act(host, |t| t.offer(Offer::Takeback));
    assert!(net.events(guest).contains(&Event::Offered(Offer::Takeback)));
    net.act(guest, |t| t.answer(true));
    assert!(net
        .events(host)
        .contains(&Event::Answered(Offer::Takeback, true)));
    assert_eq!(net.table(host).game.plies().len(), to);
    assert_eq!(net.table(guest).game, net.table(host).game);
    assert!(to < length);
    // A draw offer declined: the game goes on.
    net.act(guest, |t| t.offer(Offer::Draw));
    net.act(host, |t| t.answer(false));
    assert!(net
        .events(guest)
        .contains(&Event::Answered(Offer::Draw, false)));
    assert!(net.table(guest).game.outcome().is_none());
    // A rematch is for finished games: the host resigns, then both agree.
    net.act(host, |t| t.offer(Offer::Rematch));
    assert!(!net.events(guest).contains(&Event::Offered(Offer::Rematch)));
    net.act(host, Table::resign);
    assert!(net.table(guest).game.outcome().is_some());
    assert_eq!(
        net.table(guest).game.outcome().unwrap().winner,
        Some(Side::Second)
    );
    net.act(guest, |t| t.offer(Offer::Rematch));
    // The host presses "rematch" too: that accepts the guest's offer.
    net.act(host, |t| t.offer(Offer::Rematch));
    assert!(net
        .events(guest)
        .contains(&Event::Answered(Offer::Rematch, true)));
    for page in [host, guest] {
        assert!(net.table(page).game.plies().is_empty());
        assert_eq!(
            net.table(page).names,
            ["Youssef".to_owned(), "Amel".to_owned()]
        );
    }
    assert_eq!(net.table(host).side(), Some(Side::Second));
    assert_eq!(net.table(guest).side(), Some(Side::First));
    let ply = some_ply(&net, guest);
    net.play(guest, &ply);
    assert_eq!(net.table(host).game.plies().len(), 1);
}

#[test]
fn a_second_newcomer_cannot_take_a_taken_seat() {
    let (mut net, host, _guest) = seated();
    // Someone forges a join for the taken seat.
    net.deliver(
        "p-guest",
        "p-host",
        &encode(&join_message("Other", &key(7), "p-guest", "p-host")),
    );
    assert_eq!(net.table(host).names[1], "Youssef");
    assert!(matches!(
        net.queue.last(),
        Some((_, _, text)) if text.ends_with("refused\tseat-taken")
    ));
}

#[test]
fn chat_is_limited() {
    let (mut net, host, guest) = seated();
    net.events(host);
    for i in 0..7 {
        net.act(guest, |t| t.chat(&format!("hello {i}")));
    }
    let events = net.events(host);
    let lines = events
        .iter()
        .filter(|e| matches!(e, Event::Chat { .. }))
        .count();
    assert_eq!(lines, 5, "five lines in ten seconds");
    assert!(events.contains(&Event::Warn(Warning::Flood)));
    assert!(events.contains(&Event::Chat {
        name: "Youssef".into(),
        text: "hello 0".into()
    }));
    // Spectators' lines are not shown to players.
    let watcher = net.add("p-watch", newcomer());
    net.events(host);
    net.deliver(
        "p-watch",
        "p-host",
        &encode(&Message::Chat { text: "boo".into() }),
    );
    assert_eq!(net.warnings(host), vec![Warning::NotPlayer]);
    let _ = watcher;
}

#[test]
fn another_protocol_version_is_reported_while_its_page_is_here() {
    let (mut net, host, _) = seated();
    let now = net.now;
    net.table_mut(host).connected("p-x".into(), now);
    net.deliver("p-x", "p-host", "kharbga\t9\thello");
    assert_eq!(net.table(host).other_version(), Some(9));
    // It goes with that page (a single message does not leave it for good).
    let now = net.now;
    net.table_mut(host).disconnected("p-x", now);
    assert_eq!(net.table(host).other_version(), None);
}

#[test]
fn the_seat_secret_ply_never_helps_an_unbound_stranger() {
    // A page that never proved a seat cannot resign for anyone.
    let (mut net, host, _) = seated();
    net.table_mut(host).connected("p-x".into(), 0.0);
    net.deliver("p-x", "p-host", &encode(&Message::Resign));
    assert_eq!(net.warnings(host), vec![Warning::NotPlayer]);
    assert!(net.table(host).game.outcome().is_none());
}

/// The game `game` (Amel first, Youssef second) sent by link by the
/// player of `sender`, signed with `signer`.
fn take_by_link(
    table: &mut Table,
    signer: &SeatKey,
    sender: Side,
    game: &Game,
) -> Result<usize, Warning> {
    use kharbga::engine::Record;
    use kharbga::net::identity::link_bytes;
    use kharbga::net::room::MoveLink;
    use kharbga::store::share;
    let record = Record::from_text(&Record::write(game, "Amel", "Youssef", "?", &[])).unwrap();
    let text = share::encode(&record);
    let token = if sender == Side::First {
        "first"
    } else {
        "second"
    };
    let signature = signer.sign(&link_bytes(&host_key().room(), token, &text));
    let link = MoveLink {
        host: host_key(),
        sender,
        signature,
        guest: (sender == Side::Second).then(|| signer.public()),
        cert: None,
        share: &text,
    };
    table.take_link(&link, record)
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

#[test]
fn a_game_by_link_takes_only_the_opponents_plies() {
    let rules = Rules::seega(BoardSize::Five);
    let mut table = uncertified_guest(rules, ["Amel", "Youssef"], "?");
    let amel = key(1);
    // Amel (first) sets two soldiers and sends the game by link.
    let mut sent = Game::new(rules);
    sent.play_text("a1").unwrap();
    sent.play_text("a2").unwrap();
    // A stranger who knows the room cannot send it in her name.
    assert_eq!(
        take_by_link(&mut table, &key(9), Side::First, &sent),
        Err(Warning::BadSecret)
    );
    assert!(table.game.plies().is_empty());
    assert_eq!(take_by_link(&mut table, &amel, Side::First, &sent), Ok(2));
    assert_eq!(table.game, sent);
    // The same link again: nothing new.
    assert_eq!(take_by_link(&mut table, &amel, Side::First, &sent), Ok(0));
    // A link that also plays for Youssef is refused; the game stays.
    let mut forged = sent.clone();
    forged.play_text("b1").unwrap();
    assert_eq!(
        take_by_link(&mut table, &amel, Side::First, &forged),
        Err(Warning::Diverged)
    );
    assert_eq!(table.game.plies().len(), 2);
    // Another game is refused.
    let other = Game::new(Rules::kharbga());
    assert_eq!(
        take_by_link(&mut table, &amel, Side::First, &other),
        Err(Warning::BadRecord)
    );
    // Youssef plays; Amel's answer after it comes with her resignation,
    // and a stranger's "resignation" of hers, before it, does not.
    table.play("b1", 0.0).unwrap();
    table.play("b2", 0.0).unwrap();
    let mut answer = table.game.clone();
    answer.play_text("c1").unwrap();
    answer.resign(Side::First).unwrap();
    assert_eq!(
        take_by_link(&mut table, &key(9), Side::First, &answer),
        Err(Warning::BadSecret)
    );
    assert!(table.game.outcome().is_none());
    assert_eq!(take_by_link(&mut table, &amel, Side::First, &answer), Ok(1));
    assert_eq!(table.game.outcome().unwrap().winner, Some(Side::Second));
    // A record that makes Youssef resign is not his resignation.
    let mut table2 = uncertified_guest(rules, ["A", "Y"], "?");
    let mut forged = Game::new(rules);
    forged.resign(Side::Second).unwrap();
    assert_eq!(
        take_by_link(&mut table2, &amel, Side::First, &forged),
        Ok(0)
    );
    assert!(table2.game.outcome().is_none());
}

#[test]
fn a_game_begun_by_link_seats_the_first_signed_guest() {
    let rules = Rules::seega(BoardSize::Five);
    let mut host = Table::host(
        Game::new(rules),
        Side::First,
        "Amel".into(),
        key(1),
        "?".into(),
    );
    host.play("a1", 0.0).unwrap();
    host.play("a2", 0.0).unwrap();
    let mut answer = host.game.clone();
    answer.play_text("e5").unwrap();
    // The guest's signed answer seats its key; another key's, later, is
    // refused.
    assert_eq!(
        take_by_link(&mut host, &key(2), Side::Second, &answer),
        Ok(1)
    );
    let cert = host.cert.clone().expect("the guest is seated");
    assert_eq!(cert.key, key(2).public());
    assert!(cert.is_from(&host_key()));
    let mut more = host.game.clone();
    more.play_text("e4").unwrap();
    assert_eq!(
        take_by_link(&mut host, &key(9), Side::Second, &more),
        Err(Warning::BadSecret)
    );
    assert_eq!(take_by_link(&mut host, &key(2), Side::Second, &more), Ok(1));
}

#[test]
fn an_offer_holds_the_position_and_lapses_with_a_move() {
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    // The guest offers a draw on its own turn: it cannot move until answered.
    net.act(guest, |t| t.offer(Offer::Draw));
    let ply = some_ply(&net, guest);
    assert_eq!(
        net.table_mut(guest).play(&ply, 0.0),
        Err(kharbga::net::table::PlayError::OfferOpen)
    );
    net.act(host, |t| t.answer(false));
    assert!(net.table(guest).offered.is_none());
    play_turn(&mut net, guest);
    play_turn(&mut net, host);
    let _ = net.events(host);
    // The host asks to take back on the guest's turn; the guest answers by
    // moving: the offer lapses on both pages.
    net.act(host, |t| t.offer(Offer::Takeback));
    assert!(net.table(guest).pending.is_some());
    play_turn(&mut net, guest);
    assert!(net.table(host).offered.is_none(), "declined by the move");
    assert!(net.table(guest).pending.is_none());
    assert!(net
        .events(host)
        .contains(&Event::Answered(Offer::Takeback, false)));
    assert_eq!(net.table(host).game, net.table(guest).game);
}

#[test]
fn a_stale_offer_lapses_when_the_opponent_returns() {
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    net.act(host, |t| t.offer(Offer::Draw));
    assert!(net.table(guest).pending.is_some());
    // The guest's page goes away before answering: the offer dies with it.
    let left = net.remove(guest);
    assert!(net.table(host).offered.is_none());
    let back = reloaded(&left, Side::Second);
    let guest = net.add("p-guest-2", back);
    assert!(net.table(guest).pending.is_none());
    assert!(net.table(0).offered.is_none());
}

#[test]
fn a_spectator_follows_takebacks_and_rematches() {
    let (mut net, host, guest, watcher) = watched();
    play_turn(&mut net, host);
    play_turn(&mut net, guest);
    net.act(guest, |t| t.offer(Offer::Takeback));
    net.act(host, |t| t.answer(true));
    assert_eq!(net.table(watcher).game, net.table(host).game);
    play_turn(&mut net, guest);
    assert_eq!(net.table(watcher).game, net.table(host).game);
    net.act(guest, Table::resign);
    net.act(host, |t| t.offer(Offer::Rematch));
    net.act(guest, |t| t.answer(true));
    assert!(net.table(watcher).game.plies().is_empty());
    assert_eq!(net.table(watcher).names, net.table(host).names);
    // In the rematch the guest moves first; the spectator follows its plies.
    play_turn(&mut net, guest);
    assert_eq!(net.table(watcher).game, net.table(host).game);
    assert_eq!(net.warnings(watcher), vec![]);
    assert_eq!(net.warnings(host), vec![]);
}

#[test]
fn a_resignation_that_crosses_a_ply_ends_the_same_on_both_pages() {
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    // The guest's ply is in flight when the host resigns.
    let ply = some_ply(&net, guest);
    let events = net.table_mut(guest).play(&ply, 0.0).unwrap();
    net.route(guest, events);
    let events = net.table_mut(host).resign();
    net.route(host, events);
    net.run();
    let (a, b) = (net.table(host).game.clone(), net.table(guest).game.clone());
    assert_eq!(a, b);
    assert_eq!(a.outcome().unwrap().winner, Some(Side::Second));
}

#[test]
fn only_the_player_asked_can_refuse_a_seat_and_seats_go_before_any_ply() {
    let mut net = Net::new();
    let game = Game::new(Rules::seega(BoardSize::Five));
    let host = net.add(
        "p-host",
        Table::host(game, Side::First, "Amel".into(), key(1), "?".into()),
    );
    // A stranger's refusal does not demote the waiting host.
    net.table_mut(host).connected("p-x".into(), 0.0);
    net.deliver(
        "p-x",
        "p-host",
        &encode(&Message::Refused {
            why: Refusal::SeatTaken,
        }),
    );
    assert_eq!(net.table(host).role, Role::Player(Side::First));
    // A join from a peer that was never welcomed is refused.
    net.deliver(
        "p-x",
        "p-host",
        &encode(&join_message("X", &key(9), "p-x", "p-host")),
    );
    assert!(net.table(host).cert.is_none());
    net.queue.clear();
    let guest = net.add("p-guest", newcomer());
    net.act(guest, |t| t.join("Youssef".into(), key(2)));
    assert_eq!(net.table(host).names[1], "Youssef");
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
    let events = net.table_mut(guest).join("Youssef".into(), key(2));
    net.route(guest, events);
    (net, host, guest)
}

#[test]
fn a_page_that_joined_never_gives_a_seat_away() {
    // The join race: while the newcomer waits for the host's secret, a
    // stranger asks it for the seat it seems to hold free.
    let (mut net, host, guest) = joining();
    let now = net.now;
    net.table_mut(guest).connected("p-evil".into(), now);
    assert_eq!(net.table(guest).open_seat(), None);
    let join = encode(&join_message("Mallory", &key(9), "p-evil", "p-guest"));
    net.deliver("p-evil", "p-guest", &join);
    // The stranger is refused, learns no secret, and names nobody.
    let sent: Vec<_> = net
        .queue
        .iter()
        .filter(|(_, to, _)| to == "p-evil")
        .collect();
    assert!(sent.iter().all(|(_, _, text)| !text.contains("\tseated\t")));
    assert!(sent.iter().any(|(_, _, text)| text.contains("seat-taken")));
    net.run();
    assert_eq!(
        net.table(guest).names,
        ["Amel".to_owned(), "Youssef".to_owned()]
    );
    assert_eq!(
        net.table(host).names,
        ["Amel".to_owned(), "Youssef".to_owned()]
    );
    // The host certified the guest's key, and nobody else's.
    for page in [host, guest] {
        let cert = net.table(page).cert.clone().expect("the seat is taken");
        assert_eq!(cert.key, key(2).public());
        assert!(cert.is_from(&host_key()));
    }
    // A guest's page reloaded before the host's secret came still never
    // hosts (its saved seat says it joined).
    let back = uncertified_guest(Rules::seega(BoardSize::Five), ["Amel", "Youssef"], "d");
    assert_eq!(back.open_seat(), None);
}

#[test]
fn saying_bye_and_hello_again_refills_nothing() {
    let (mut net, host, guest) = seated();
    net.events(host);
    let hello = encode(&Message::Hello {
        app: "0.1.0".into(),
        name: String::new(),
        claim: None,
    });
    let bye = encode(&Message::Bye);
    let now = net.now;
    // A stranger says bye and hello again, 2,000 times, on one connection…
    let mut sent_back = 0;
    let mut floods = 0;
    for _ in 0..2_000 {
        for text in [&bye, &hello] {
            let events = net.table_mut(host).receive("p-evil", text, now);
            floods += events
                .iter()
                .filter(|e| **e == Event::Warn(Warning::Flood))
                .count();
            sent_back += events
                .iter()
                .filter(|e| matches!(e, Event::Send(..) | Event::Broadcast(..)))
                .count();
        }
    }
    // …and gets at most its allowance of answers, without a broadcast.
    assert!(sent_back <= 40, "{sent_back} answers");
    assert!(floods >= 1);
    // New connections (new peer ids) share the room's allowance and its
    // cap: 500 of them are welcomed no more than the cap allows, and none
    // makes the host broadcast anything.
    let mut welcomed = 0;
    for n in 0..500 {
        let id = format!("p-evil-{n}");
        for event in net.table_mut(host).receive(&id, &hello, now) {
            welcomed += usize::from(matches!(event, Event::Send(_, Message::Welcome { .. })));
            assert!(!matches!(event, Event::Broadcast(_)), "{event:?}");
        }
    }
    assert!(welcomed <= 17, "{welcomed} newcomers welcomed at once");
    // The opponent's own messages still pass at that instant.
    net.queue.clear();
    let ply = some_ply(&net, host);
    net.play(host, &ply);
    play_turn(&mut net, host);
    let before = net.table(host).game.plies().len();
    play_turn(&mut net, guest);
    assert!(net.table(host).game.plies().len() > before);
    assert_eq!(net.table(host).game, net.table(guest).game);
}

#[test]
fn visitors_are_counted_by_each_page_and_capped() {
    let (mut net, host, guest, watcher) = watched();
    assert_eq!(net.table(watcher).role, Role::Spectator);
    assert_eq!(net.table(host).watchers(), 1);
    assert_eq!(net.table(watcher).watchers(), 1);
    // A count told by someone is not believed.
    net.deliver(
        "p-host",
        "p-watch",
        &encode(&Message::Watchers { count: 9_999 }),
    );
    assert_eq!(net.table(watcher).watchers(), 1);
    // Past the cap, a newcomer is told the room is full, and not welcomed.
    for n in 0..16 {
        net.add(&format!("p-v{n}"), newcomer());
    }
    let late = net.add("p-late", newcomer());
    assert_eq!(net.table(late).role, Role::Newcomer);
    assert!(net.warnings(late).contains(&Warning::RoomFull));
    let _ = guest;
}

#[test]
fn a_ply_lost_in_a_reconnection_is_caught_up_at_the_heartbeat() {
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    // The host's next ply goes nowhere (the guest was reconnecting).
    let ply = some_ply(&net, guest);
    net.play(guest, &ply);
    let ply = some_ply(&net, guest);
    let events = net.table_mut(guest).play(&ply, 0.0).unwrap();
    drop(events);
    assert_ne!(net.table(host).game, net.table(guest).game);
    // At the next heartbeat the lengths differ: the records settle it.
    let now = net.now;
    let events = net.table_mut(guest).tick(now);
    net.route(guest, events);
    net.run();
    assert_eq!(net.table(host).game, net.table(guest).game);
}

#[test]
fn quick_pairing_takes_only_a_new_game_of_its_queue() {
    let rules = Rules::seega(BoardSize::Five);
    let mut played = Game::new(rules);
    played.play_text("a1").unwrap();
    for (game, ok) in [
        (Game::new(rules), true),
        (Game::new(Rules::seega(BoardSize::Nine)), false),
        (played, false),
    ] {
        let mut net = Net::new();
        net.add(
            "p-pairer",
            Table::host(game, Side::First, "X".into(), key(1), "d".into()),
        );
        let joiner = net.add("p-joiner", Table::paired(host_key(), rules));
        assert_eq!(
            net.table(joiner).role == Role::Invited(Side::Second),
            ok,
            "{:?}",
            net.table(joiner).game.rules()
        );
    }
}

#[test]
fn names_in_records_are_bounded() {
    use kharbga::engine::Record;
    let rules = Rules::seega(BoardSize::Five);
    for name in [
        "x".repeat(100_000),
        "Amel\nEvil".to_owned(),
        "\u{202E}lemA".to_owned(),
    ] {
        // In a welcome…
        let mut net = Net::new();
        let newcomer = net.add("p-new", newcomer());
        net.deliver(
            "p-evil",
            "p-new",
            &encode(&Message::Hello {
                app: "0.1.0".into(),
                name: String::new(),
                // A proved host (its own page is the hostile one).
                claim: Some(Claim {
                    role: SeatRole::Host,
                    side: Seat::First,
                    n: 0,
                    cert: None,
                    signature: key(1).sign(&hello_bytes(
                        &host_key().room(),
                        SeatRole::Host,
                        "first",
                        "",
                        0,
                        "p-new",
                    )),
                }),
            }),
        );
        let record = Record::write(&Game::new(rules), &name, "", "d", &[]);
        net.deliver(
            "p-evil",
            "p-new",
            &encode(&Message::Welcome {
                record,
                open: Some(Seat::Second),
                running: None,
            }),
        );
        assert_eq!(net.table(newcomer).role, Role::Newcomer);
        // …and in a game sent by link.
        let mut table = uncertified_guest(rules, ["Amel", "Youssef"], "d");
        let mut sent = Game::new(rules);
        sent.play_text("a1").unwrap();
        let mut record = Record::new(sent);
        record.first = name.clone();
        let text = kharbga::store::share::encode(&record);
        let signature = key(1).sign(&kharbga::net::identity::link_bytes(
            &host_key().room(),
            "first",
            &text,
        ));
        let link = kharbga::net::room::MoveLink {
            host: host_key(),
            sender: Side::First,
            signature,
            guest: None,
            cert: None,
            share: &text,
        };
        assert_eq!(table.take_link(&link, record), Err(Warning::BadRecord));
        assert!(table.game.plies().is_empty());
    }
}

/// A stranger's hello that claims a seat it cannot prove (its own key).
fn forged_hello(name: &str, side: Seat, to: &str) -> String {
    let room = host_key().room();
    encode(&Message::Hello {
        app: "0.1.0".into(),
        name: name.into(),
        claim: Some(Claim {
            role: SeatRole::Host,
            side,
            n: 0,
            cert: None,
            signature: key(9).sign(&hello_bytes(
                &room,
                SeatRole::Host,
                side.token(),
                name,
                0,
                to,
            )),
        }),
    })
}

#[test]
fn a_newcomer_believes_only_the_host_of_its_link() {
    use kharbga::engine::Record;
    // The welcome race: a stranger already in the room welcomes the
    // newcomer before the host can, with another game.
    let (mut net, host) = hosting();
    let mut page = newcomer();
    page.set_id("p-new".into(), net.now);
    let fake = Record::write(
        &Game::new(Rules::seega(BoardSize::Nine)),
        "Fake",
        "",
        "d",
        &[],
    );
    for text in [
        forged_hello("Fake", Seat::First, "p-new"),
        encode(&Message::Welcome {
            record: fake,
            open: Some(Seat::Second),
            running: None,
        }),
    ] {
        page.receive("p-evil", &text, 1.0);
    }
    assert_eq!(
        page.role,
        Role::Newcomer,
        "the stranger's welcome is not believed"
    );
    // The host's welcome is.
    let newcomer = net.add("p-new", page);
    assert_eq!(net.table(newcomer).role, Role::Invited(Side::Second));
    assert_eq!(net.table(newcomer).names[0], "Amel");
    assert_eq!(
        net.table(newcomer).game.rules(),
        net.table(host).game.rules()
    );
    // Its join goes to the host, who seats it.
    net.act(newcomer, |t| t.join("Youssef".into(), key(2)));
    assert_eq!(
        net.table(host).cert.as_ref().map(|c| c.key),
        Some(key(2).public())
    );
    assert_eq!(net.table(newcomer).presence(net.now), Presence::Connected);
}

#[test]
fn spectators_follow_proved_seats_only() {
    use kharbga::engine::Record;
    let (mut net, host, guest, watcher) = watched();
    assert_eq!(net.table(watcher).role, Role::Spectator);
    // The spectator knows the guest's seat from the host's certificate.
    assert_eq!(net.table(watcher).names[1], "Youssef");
    play_turn(&mut net, host);
    let before = net.table(watcher).game.clone();
    // A stranger claims a seat to the spectator, then replaces the game,
    // resigns, chats under a player's name and counts 9,999 spectators.
    net.deliver(
        "p-evil",
        "p-watch",
        &forged_hello("Amel", Seat::First, "p-watch"),
    );
    let other = Record::write(
        &Game::new(Rules::seega(BoardSize::Nine)),
        "Invented",
        "Names",
        "d",
        &[],
    );
    for message in [
        Message::Sync { record: other },
        Message::Resign,
        Message::Chat {
            text: "fake line".into(),
        },
        Message::Watchers { count: 9_999 },
        Message::Seated {
            side: Seat::Second,
            key: key(9).public(),
            name: "Mallory".into(),
            signature: key(9).sign(b"seat"),
        },
    ] {
        net.deliver("p-evil", "p-watch", &encode(&message));
    }
    let events = net.events(watcher);
    assert!(!events.iter().any(|e| matches!(e, Event::Chat { .. })));
    let watching = net.table(watcher);
    assert_eq!(watching.game, before);
    assert!(watching.game.outcome().is_none());
    assert_eq!(watching.names, ["Amel".to_owned(), "Youssef".to_owned()]);
    // It counts what it sees: itself and the stranger, not 9,999.
    assert_eq!(watching.watchers(), 2);
    // The players' own plies still reach it.
    play_turn(&mut net, guest);
    assert_eq!(net.table(watcher).game, net.table(host).game);
}

#[test]
fn the_guest_cannot_be_renamed_afterwards() {
    let (mut net, host, guest) = seated();
    // A certificate the host did not sign, from anyone.
    let forged = encode(&Message::Seated {
        side: Seat::Second,
        key: key(2).public(),
        name: "Mallory".into(),
        signature: key(9).sign(b"anything"),
    });
    net.deliver("p-host", "p-guest", &forged);
    assert_eq!(net.warnings(guest), vec![Warning::BadSecret]);
    // A real certificate for another name cannot be made without the
    // host's key; one seen again is no news.
    let again = net.table(host).cert.clone().unwrap();
    net.deliver(
        "p-host",
        "p-guest",
        &encode(&Message::Seated {
            side: Seat::Second,
            key: again.key,
            name: again.name,
            signature: again.signature,
        }),
    );
    for page in [host, guest] {
        assert_eq!(net.table(page).names[1], "Youssef");
    }
}

#[test]
fn a_message_changed_on_the_way_is_refused_by_players_and_spectators() {
    // A signalling server in the middle of a connection could change what
    // crosses it: each game message is signed by its seat.
    let (mut net, host, guest, watcher) = watched();
    play_turn(&mut net, host);
    let good = some_ply(&net, guest);
    let other = net.table(guest).game.position().legal_plies()[1].to_string();
    let signed = net.sealed(
        guest,
        Message::Ply {
            index: 2,
            ply: good.clone(),
            hash: "0000000000000000".into(),
            left: None,
        },
    );
    let changed = signed.replace(&format!("\t{good}\t"), &format!("\t{other}\t"));
    assert_ne!(changed, signed);
    for (to, page) in [("p-host", host), ("p-watch", watcher)] {
        net.deliver("p-guest", to, &changed);
        assert_eq!(net.warnings(page), vec![Warning::NotPlayer]);
        assert_eq!(net.table(page).game.plies().len(), 2);
    }
    // A resignation made up on the way, in the host's name, to the guest.
    let resign = net.sealed(host, Message::Resign);
    let forged = resign.replace("\tresign", "\tchat\tgg");
    net.deliver("p-host", "p-guest", &forged);
    assert_eq!(net.warnings(guest), vec![Warning::NotPlayer]);
    assert!(net.table(guest).game.outcome().is_none());
}

#[test]
fn a_guest_reloaded_before_its_certificate_came_gets_it_again() {
    let (mut net, host, guest) = joining();
    // The host certifies the guest, but the guest's page closes before the
    // certificate arrives.
    net.queue.retain(|(from, _, _)| from != "p-host");
    let join = net.queue.remove(0);
    net.deliver(&join.0, &join.1, &join.2);
    net.queue.clear();
    assert!(net.table(host).cert.is_some());
    let left = net.remove(guest);
    assert!(left.cert.is_none());
    let back = net.add("p-guest-2", reloaded(&left, Side::Second));
    assert_eq!(
        net.table(back).cert.as_ref().map(|c| c.key),
        Some(key(2).public())
    );
    assert_eq!(net.table(back).presence(net.now), Presence::Connected);
    play_turn(&mut net, 0);
    play_turn(&mut net, back);
    assert_eq!(net.table(0).game, net.table(back).game);
}

#[test]
fn a_page_opened_afresh_takes_no_replay_of_what_was_signed_before() {
    // A signalling server in the middle keeps the host's signed resignation
    // of a first game and, after a rematch, replays it to the guest's page
    // opened afresh.
    let (mut net, host, guest) = seated();
    play_turn(&mut net, host);
    let old = net.sealed(host, Message::Resign);
    play_turn(&mut net, guest);
    let left = net.remove(guest);
    // The new page meets the host: the host's hello reaches it, and the
    // replay comes right after it, before anything else.
    let mut page = reloaded(&left, Side::Second);
    page.set_id("p-guest-2".into(), net.now);
    net.pages.push(("p-guest-2".into(), page, Vec::new()));
    let back = net.pages.len() - 1;
    let hello = net.pages[host].1.connected("p-guest-2".into(), net.now);
    let hello = net.pages[host].1.outgoing(&hello).remove(0).1;
    net.deliver("p-host", "p-guest-2", &hello);
    net.deliver("p-host", "p-guest-2", &old);
    // The host's hello carried the number of the last message it signed:
    // the replay is older than that.
    assert!(net.table(back).game.outcome().is_none());
}

/// Amel's room, nobody seated yet.
fn hosting_alone() -> (Net, usize) {
    let (net, host) = hosting();
    (net, host)
}

/// The peers a page's events ask to close.
fn closed(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Close(peer) => Some(peer.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn connections_that_never_say_hello_do_not_fill_the_room() {
    // Seventeen connections that never say hello, then the invited friend:
    // it is welcomed with the free seat, takes it and plays.
    let (mut net, host) = hosting_alone();
    let now = net.now;
    for n in 0..17 {
        let events = net.table_mut(host).connected(format!("p-silent-{n}"), now);
        assert!(closed(&events).is_empty());
    }
    let friend = net.add("p-friend", newcomer());
    let events = net.events(friend);
    assert!(events.contains(&Event::Invited(Some(Side::Second))));
    assert!(!events.contains(&Event::Warn(Warning::RoomFull)));
    net.act(friend, |t| t.join("Youssef".into(), key(2)));
    assert_eq!(net.table(friend).role, Role::Player(Side::Second));
    assert!(net.events(host).contains(&Event::Seated));
    play_turn(&mut net, host);
    play_turn(&mut net, friend);
    assert_eq!(net.table(host).game, net.table(friend).game);
    assert!(!net.table(host).game.plies().is_empty());
}

#[test]
fn visitors_do_not_keep_the_invited_friend_out_while_the_seat_is_free() {
    // Sixteen visitors who said hello fill the room; the seat is still free,
    // so the next newcomer (it may be the friend) is welcomed all the same.
    let (mut net, host) = hosting_alone();
    for n in 0..16 {
        net.add(&format!("p-v{n}"), newcomer());
    }
    let friend = net.add("p-friend", newcomer());
    assert!(!net.warnings(friend).contains(&Warning::RoomFull));
    assert_eq!(net.table(friend).role, Role::Invited(Side::Second));
    net.act(friend, |t| t.join("Youssef".into(), key(2)));
    assert!(net.events(host).contains(&Event::Seated));
    // Once the seat is taken the cap holds again for newcomers…
    let late = net.add("p-late", newcomer());
    assert!(net.warnings(late).contains(&Warning::RoomFull));
    // …but never for the seat's owner, whose page comes back under a new
    // id into the full room.
    let left = net.remove(friend);
    let back = net.add("p-friend-again", reloaded(&left, Side::Second));
    assert!(!net.warnings(back).contains(&Warning::RoomFull));
    assert_eq!(net.table(host).presence(net.now), Presence::Connected);
    play_turn(&mut net, host);
    play_turn(&mut net, back);
    assert_eq!(net.table(host).game, net.table(back).game);
    assert!(net.table(host).game.plies().len() >= 4);
}

#[test]
fn silent_and_refused_connections_are_closed_at_the_heartbeat() {
    use kharbga::net::limits::{INTRO_MS, MAX_VISITORS};
    let (mut net, host, _guest) = seated();
    let start = net.now;
    net.table_mut(host).connected("p-silent".into(), start);
    // Visitors who said hello fill the room; one more is refused.
    for n in 0..MAX_VISITORS {
        net.add(&format!("p-v{n}"), newcomer());
    }
    let refused = net.add("p-refused", newcomer());
    assert!(net.warnings(refused).contains(&Warning::RoomFull));
    // Before the time is up nobody is closed…
    let events = net.table_mut(host).tick(start + INTRO_MS - 1.0);
    assert!(closed(&events).is_empty(), "{events:?}");
    // …then the silent connection is, and the refused one once its own
    // time is up; the visitors who said hello and the guest are not.
    let later = net.now + INTRO_MS;
    let events = net.table_mut(host).tick(later);
    let mut gone = closed(&events);
    gone.sort();
    assert_eq!(gone, vec!["p-refused".to_owned(), "p-silent".to_owned()]);
    // Closed once: the next heartbeat asks nothing more.
    assert!(closed(&net.table_mut(host).tick(later + 2_000.0)).is_empty());
    assert_eq!(net.table(host).watchers(), MAX_VISITORS as u32);
    // A visitor that says goodbye and keeps its connection open is closed
    // once the same time has passed.
    let bye = encode(&Message::Bye);
    net.deliver("p-v0", "p-host", &bye);
    let left = net.now;
    assert!(closed(&net.table_mut(host).tick(left + INTRO_MS - 1.0)).is_empty());
    assert_eq!(
        closed(&net.table_mut(host).tick(left + INTRO_MS)),
        vec!["p-v0".to_owned()]
    );
}
