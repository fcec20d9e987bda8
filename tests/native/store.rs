//! The saved-game store: schema migrations, unreadable entries, the old
//! index dropped, quotas, and records, positions and share links
//! round-tripping.

use kharbga::ai::{Level, Rng};
use kharbga::engine::{BoardSize, Game, Millis, Position, Record, RecordErrorKind, Rules, Side};
use kharbga::store::share::{self, ShareError};
use kharbga::store::{
    Library, LoadError, MemoryStore, Notice, SavedGame, Seats, Store, StoreError, StoreKey, SCHEMA,
};

/// The key of game `id`.
fn game_key(id: &str) -> String {
    StoreKey::Game(id.to_owned()).key()
}

/// A game of `plies` random plies (or to its end) under `rules`.
fn random_game(rules: Rules, plies: usize, seed: u64) -> Game {
    let mut game = Game::new(rules);
    let mut rng = Rng::new(seed);
    while game.plies().len() < plies && game.outcome().is_none() {
        let legal = game.position().legal_plies();
        game.play(legal[rng.below(legal.len())]).unwrap();
    }
    game
}

fn record(game: Game, first: &str, second: &str) -> Record {
    let mut r = Record::new(game);
    r.first = first.to_owned();
    r.second = second.to_owned();
    r
}

fn saved(id: &str, updated: Millis, game: Game) -> SavedGame {
    let mut s = SavedGame::new(id.to_owned(), updated, &record(game, "Amel", "Youssef"));
    s.updated = updated;
    s
}

#[test]
fn a_schema_1_entry_is_migrated() {
    let game = random_game(Rules::kharbga(), 60, 1);
    let text = record(game.clone(), "Amel", "Youssef").to_text();
    let v1 =
        serde_json::json!({"schema": 1, "record": text, "saved": 1_700_000_000_000.0}).to_string();
    let (loaded, migrated) = SavedGame::from_text("abc", &v1).unwrap();
    assert!(migrated);
    assert_eq!(loaded.schema, SCHEMA);
    assert_eq!(loaded.id, "abc");
    assert_eq!(loaded.created, Millis(1_700_000_000_000));
    assert_eq!(loaded.seats, Seats::LOCAL);
    assert_eq!((loaded.plies, loaded.first.as_str()), (60, "Amel"));
    assert_eq!(loaded.game().unwrap().position(), game.position());
    // Through the library too: the migrated entry is listed, and written
    // back in the current schema.
    let mut store = MemoryStore::new();
    store.set(&game_key("abc"), &v1).unwrap();
    let mut library = Library::open(&mut store);
    assert_eq!(library.games().len(), 1);
    assert_eq!(library.games()[0].first, "Amel");
    assert_eq!(library.games()[0].plies, 60);
    assert!(library.take_notices().is_empty());
    drop(library);
    let rewritten = store.get(&game_key("abc")).unwrap().unwrap();
    assert!(
        rewritten.starts_with(&format!("kharbga-game {SCHEMA}\n")),
        "{rewritten}"
    );
    let (again, migrated) = SavedGame::from_text("abc", &rewritten).unwrap();
    assert!(!migrated);
    assert_eq!(again, loaded);
}

#[test]
fn a_schema_2_entry_keeps_the_computer_seat() {
    let text = record(random_game(Rules::kharbga(), 20, 8), "Amel", "Computer").to_text();
    let v2 = serde_json::json!({
        "schema": 2, "id": "old", "created": 1.0, "updated": 2.0, "title": "Sunday",
        "record": text, "computer": {"plays_first": false, "level": "4"}, "flipped": true,
    })
    .to_string();
    let (loaded, _) = SavedGame::from_text("old", &v2).unwrap();
    assert_eq!(
        loaded.seats,
        Seats::against_computer(Side::Second, Level::Search(4))
    );
    assert_eq!(loaded.title.as_deref(), Some("Sunday"));
    assert!(loaded.flipped);
    assert_eq!((loaded.created, loaded.updated), (Millis(1), Millis(2)));
}

#[test]
fn every_earlier_schema_migrates_and_later_ones_are_refused() {
    let text = record(random_game(Rules::seega(BoardSize::Five), 30, 2), "A", "B").to_text();
    for schema in 1..SCHEMA {
        let entry = serde_json::json!({"schema": schema, "record": text, "saved": 5.0}).to_string();
        let (loaded, _) =
            SavedGame::from_text("x", &entry).unwrap_or_else(|e| panic!("{schema}: {e}"));
        assert_eq!(loaded.schema, SCHEMA);
    }
    let newer = serde_json::json!({"schema": SCHEMA + 1, "anything": true}).to_string();
    assert_eq!(
        SavedGame::from_text("x", &newer),
        Err(LoadError::Newer(SCHEMA + 1))
    );
    assert_eq!(
        SavedGame::from_text("x", &format!("kharbga-game {}\nid x\n\n", SCHEMA + 1)),
        Err(LoadError::Newer(SCHEMA + 1))
    );
    for bad in [
        "",
        "hello",
        "kharbga-game 3\nid x",
        "kharbga-game 3\nid x\n\n[Variant \"kharbga\"]",
    ] {
        assert!(
            matches!(
                SavedGame::from_text("x", bad),
                Err(LoadError::Unreadable | LoadError::Fields)
            ),
            "{bad:?}"
        );
    }
}

#[test]
fn header_values_keep_their_line_breaks_and_backslashes() {
    let mut entry = saved("t", Millis(1), random_game(Rules::kharbga(), 5, 20));
    entry.title = Some("two\nlines \\ and\r".into());
    entry.first = "Amel\\".into();
    let (back, _) = SavedGame::from_text("t", &entry.to_text()).unwrap();
    assert_eq!(back, entry);
}

#[test]
fn a_saved_game_round_trips_with_its_position_and_state() {
    let mut store = MemoryStore::new();
    let game = random_game(Rules::kharbga(), 90, 3);
    let mut entry = saved("g1", Millis(10), game.clone());
    entry.seats = Seats::against_computer(Side::Second, Level::Search(3));
    entry.flipped = true;
    {
        let mut library = Library::open(&mut store);
        library.save(&entry).unwrap();
        library.set_current(Some("g1")).unwrap();
    }
    let mut library = Library::open(&mut store);
    assert_eq!(library.current().as_deref(), Some("g1"));
    let (loaded, record) = library.load("g1").unwrap();
    assert_eq!(loaded, entry);
    let replayed = record.game;
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.plies().len(), 90);
    assert_eq!(
        loaded.seats.computer(),
        Some((Side::Second, Level::Search(3)))
    );
}

#[test]
fn a_game_from_a_position_round_trips() {
    let start = Position::from_text(
        "4ss1/4sss/4sss/7/7/S6/SS5 b 0,0 - - 0 40 -",
        Rules::kharbga(),
    )
    .unwrap();
    let mut game = Game::from_position(start);
    for ply in ["f7-g7*", "a2-a3*", "g7-f7*"] {
        game.play_text(ply).unwrap();
    }
    let mut store = MemoryStore::new();
    Library::open(&mut store)
        .save(&saved("p", Millis(1), game.clone()))
        .unwrap();
    let loaded = Library::open(&mut store).load("p").unwrap().1.game;
    assert_eq!(loaded.start(), game.start());
    assert_eq!(loaded.position(), game.position());
}

#[test]
fn a_corrupted_entry_is_set_aside_and_the_others_stay() {
    let mut store = MemoryStore::new();
    {
        let mut library = Library::open(&mut store);
        for (i, id) in ["a", "b", "c"].into_iter().enumerate() {
            library
                .save(&saved(
                    id,
                    Millis(i as u64),
                    random_game(Rules::kharbga(), 40, i as u64),
                ))
                .unwrap();
        }
    }
    let broken = "{\"schema\": 2, \"id\": \"b\", \"record\": \"[Variant \\\"kharbga\\\"]\\n[First \\\"Amel\\\"]\\n[Second \\\"Youssef\\\"]\\n tru";
    store.set(&game_key("b"), broken).unwrap();
    let mut library = Library::open(&mut store);
    let ids: Vec<&str> = library.games().iter().map(|g| g.id.as_str()).collect();
    assert_eq!(
        ids,
        ["c", "a"],
        "most recent first, unreadable ones off the list"
    );
    let notices = library.take_notices();
    assert_eq!(
        notices,
        [Notice::SetAside {
            id: "b".into(),
            reason: LoadError::Unreadable,
            players: Some(("Amel".into(), "Youssef".into())),
            remaining: 2,
        }]
    );
    drop(library);
    // Kept, not deleted, and no longer under the game key.
    assert_eq!(
        store
            .get(&StoreKey::Aside("b".into()).key())
            .unwrap()
            .as_deref(),
        Some(broken)
    );
    assert_eq!(store.get(&game_key("b")).unwrap(), None);
    // Opening again says nothing more.
    assert!(Library::open(&mut store).take_notices().is_empty());
}

#[test]
fn a_record_that_does_not_replay_is_set_aside_when_opened() {
    let mut store = MemoryStore::new();
    // Listed from its summary (nothing is replayed at start-up)...
    let mut bad_record = saved("d", Millis(9), random_game(Rules::kharbga(), 10, 9));
    bad_record.record = bad_record.record.replace("1.", "1. z9");
    store.set(&game_key("d"), &bad_record.to_text()).unwrap();
    let mut library = Library::open(&mut store);
    assert_eq!(library.games().len(), 1);
    assert!(library.take_notices().is_empty());
    // ... and set aside, with the record's line and column, when opened.
    assert!(library.load("d").is_none());
    assert!(library.games().is_empty());
    match library.take_notices().as_slice() {
        [Notice::SetAside {
            reason: LoadError::Record(e),
            players,
            remaining: 0,
            ..
        }] => {
            assert_eq!(e.kind, RecordErrorKind::NotAPly { text: "z9".into() });
            assert_eq!(players.as_ref().map(|p| p.0.as_str()), Some("Amel"));
        }
        other => panic!("{other:?}"),
    }
    drop(library);
    assert!(store
        .get(&StoreKey::Aside("d".into()).key())
        .unwrap()
        .is_some());
}

#[test]
fn an_entry_from_a_newer_version_is_left_alone() {
    let mut store = MemoryStore::new();
    let future = serde_json::json!({"schema": SCHEMA + 3, "id": "f"}).to_string();
    store.set(&game_key("f"), &future).unwrap();
    let mut library = Library::open(&mut store);
    assert!(library.games().is_empty());
    assert_eq!(
        library.take_notices(),
        [Notice::Newer {
            id: "f".into(),
            schema: SCHEMA + 3
        }]
    );
    drop(library);
    assert_eq!(store.get(&game_key("f")).unwrap(), Some(future));
}

#[test]
fn the_old_index_is_dropped_and_saving_writes_one_entry() {
    let mut store = MemoryStore::new();
    store
        .set(&StoreKey::OldIndex.key(), "{\"schema\":2,\"games\":[]}")
        .unwrap();
    {
        let mut library = Library::open(&mut store);
        library
            .save(&saved("a", Millis(1), random_game(Rules::kharbga(), 20, 4)))
            .unwrap();
        library
            .save(&saved(
                "b",
                Millis(2),
                random_game(Rules::seega(BoardSize::Seven), 20, 5),
            ))
            .unwrap();
        let ids: Vec<&str> = library.games().iter().map(|g| g.id.as_str()).collect();
        assert_eq!(ids, ["b", "a"]);
    }
    assert_eq!(
        store.get(&StoreKey::OldIndex.key()).unwrap(),
        None,
        "no index any more"
    );
    let mut keys = store.keys().unwrap();
    keys.sort();
    assert_eq!(keys, [game_key("a"), game_key("b")]);
    let library = Library::open(&mut store);
    assert_eq!(library.games()[0].variant, "seega7");
    assert_eq!(library.games()[1].plies, 20);
}

#[test]
fn rename_delete_and_restore() {
    let mut store = MemoryStore::new();
    let mut library = Library::open(&mut store);
    library
        .save(&saved("a", Millis(1), random_game(Rules::kharbga(), 20, 6)))
        .unwrap();
    library.set_current(Some("a")).unwrap();
    library.rename("a", Some("Friday".into())).unwrap();
    assert_eq!(library.games()[0].title.as_deref(), Some("Friday"));
    let deleted = library.delete("a").unwrap().unwrap();
    assert!(library.games().is_empty());
    assert_eq!(library.current(), None);
    library.save(&deleted).unwrap();
    assert_eq!(library.games()[0].title.as_deref(), Some("Friday"));
    drop(library);
    assert!(store.get(&StoreKey::Current.key()).unwrap().is_none());
}

#[test]
fn a_game_forgotten_is_not_written_again_by_a_late_save() {
    // An online seat asked for and lost: the page forgets the game it
    // saved when *Join* was pressed, and the game screen's last save, as
    // it goes after that, writes nothing (before: the game came back).
    let mut store = MemoryStore::new();
    let mut library = Library::open(&mut store);
    let game = saved(
        "joined",
        Millis(1),
        random_game(Rules::seega(BoardSize::Five), 0, 1),
    );
    library.save(&game).unwrap();
    library.set_current(Some("joined")).unwrap();
    let other = saved("mine", Millis(2), random_game(Rules::kharbga(), 10, 2));
    library.save(&other).unwrap();
    library.forget("joined").unwrap();
    library.save(&game).unwrap();
    assert_eq!(library.games().len(), 1);
    assert_eq!(library.games()[0].id, "mine");
    assert_eq!(library.current(), None);
    // Forgetting one game forgets no other: the others still save.
    let later = saved("mine", Millis(3), random_game(Rules::kharbga(), 12, 2));
    library.save(&later).unwrap();
    assert_eq!(library.games()[0].plies, 12);
    drop(library);
    assert!(store.get(&game_key("joined")).unwrap().is_none());
    assert!(store.get(&game_key("mine")).unwrap().is_some());
}

#[test]
fn a_full_store_refuses_and_the_session_keeps_the_game() {
    let mut library = Library::open(MemoryStore::with_quota(3_000));
    let long = saved("big", Millis(1), random_game(Rules::kharbga(), 300, 7));
    assert_eq!(library.save(&long), Err(StoreError::Full));
    assert_eq!(library.games().len(), 1, "listed for this session");
    assert!(library.store().get(&game_key("big")).unwrap().is_none());
}

#[test]
fn share_links_round_trip_whole_games() {
    for (rules, seed) in [
        (Rules::kharbga(), 10),
        (Rules::seega(BoardSize::Five), 11),
        (Rules::seega(BoardSize::Seven), 12),
        (Rules::seega(BoardSize::Nine), 13),
        (
            "seega7:chain=compulsory,blocked=remove".parse().unwrap(),
            14,
        ),
    ] {
        let game = random_game(rules, 2_000, seed);
        let original = record(game, "Amel Ben Ali", "يوسف ~ #1");
        let link = share::encode(&original);
        let back = share::decode(&format!("#{link}")).unwrap();
        assert_eq!(back.game.position(), original.game.position());
        assert_eq!(back.game.plies().len(), original.game.plies().len());
        assert_eq!(back.game.outcome(), original.game.outcome());
        assert_eq!(
            (back.first.as_str(), back.second.as_str()),
            ("Amel Ben Ali", "يوسف ~ #1")
        );
        assert!(!link.contains(' ') && !link.contains('#'));
    }
    // Resignations, and a start position.
    let mut game = Game::from_position(
        Position::from_text(
            "4ss1/4sss/4sss/7/7/S6/SS5 b 0,0 - - 0 40 -",
            Rules::kharbga(),
        )
        .unwrap(),
    );
    game.play_text("f7-g7*").unwrap();
    game.resign(Side::First).unwrap();
    let back = share::decode(&share::encode(&record(game.clone(), "a", "b"))).unwrap();
    assert_eq!(back.game.outcome(), game.outcome());
    assert_eq!(back.game.start(), game.start());
}

#[test]
fn a_full_game_link_is_short_enough_for_a_chat() {
    let game = random_game(Rules::kharbga(), 217, 15);
    let link = share::encode(&record(game, "Amel", "Youssef"));
    assert!(link.len() < 2 * 217 + 60, "{} characters", link.len());
}

#[test]
fn damaged_or_newer_links_are_refused_clearly() {
    let good = share::encode(&record(random_game(Rules::kharbga(), 30, 16), "a", "b"));
    assert_eq!(share::decode("g2~anything"), Err(ShareError::Newer(2)));
    assert_eq!(share::decode("hello"), Err(ShareError::NotALink));
    assert_eq!(
        share::decode(&good.replace("g1~kharbga", "g1~chess")),
        Err(ShareError::Rules(
            kharbga::engine::RulesError::UnknownVariant("chess".into())
        ))
    );
    for bad in [
        String::new(),
        "hello".to_owned(),
        good.replace("g1~kharbga", "g1~chess"),
        format!("{good}x"),
        good.replacen('~', "~~", 1),
        // A ply made illegal: the first placement twice.
        {
            let fields: Vec<&str> = good.split('~').collect();
            let plies = fields[5];
            let doubled = format!("{}{plies}", &plies[..2]);
            good.replace(plies, &doubled)
        },
    ] {
        assert!(
            matches!(share::decode(&bad), Err(e) if e != ShareError::Newer(2)),
            "{bad}"
        );
    }
}

#[test]
fn an_online_game_keeps_its_room_and_secrets() {
    use kharbga::store::OnlineSeat;
    let mut entry = saved("g1", Millis(5), random_game(Rules::kharbga(), 10, 3));
    entry.seats = kharbga::store::Seats::online(kharbga::engine::Side::Second);
    use kharbga::net::identity::{SeatCert, SeatKey};
    let host = SeatKey::from_seed([1; 32]);
    let guest = SeatKey::from_seed([2; 32]);
    let cert = SeatCert::issue(&host, guest.public(), "Youssef".into());
    for (key, cert) in [
        (host.clone(), None),
        (host.clone(), Some((cert.key, cert.signature))),
        (guest.clone(), Some((cert.key, cert.signature))),
    ] {
        entry.online = Some(OnlineSeat::new(host.public(), key, cert));
        let (back, migrated) = SavedGame::from_text("g1", &entry.to_text()).unwrap();
        assert!(!migrated);
        assert_eq!(back, entry);
        assert_eq!(back.summary().room, Some(host.public().room().to_string()));
    }
    // An entry of an earlier version (secrets, not keys) still opens: its
    // line is kept as it was, and it is no seat of this version.
    for old in [
        "0123456789abcdef ffffffffffffffffffffffffffffffff -",
        "0123456789abcdef ffffffffffffffffffffffffffffffff 0123456789abcdef0123456789abcdef guest",
    ] {
        let mut earlier = entry.clone();
        earlier.online = None;
        let text = earlier
            .to_text()
            .replace("\n\n", &format!("\nonline {old}\n\n"));
        let (back, _) = SavedGame::from_text("g1", &text).unwrap();
        assert_eq!(back.online, None);
        assert_eq!(back.earlier.as_deref(), Some(old));
        assert_eq!(back.to_text(), text, "kept as it was");
    }
    // A damaged online line makes the entry unreadable, never half-read.
    let text = entry.to_text().replace("online 2 ", "online 2 <b>");
    assert!(text.contains("online 2 <b>"));
    assert!(SavedGame::from_text("g1", &text).is_err());
}
