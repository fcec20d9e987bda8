//! Component tests in a real browser (wasm-bindgen-test, headless Chromium).
//!
//! Each test mounts into a fresh container of its own and yields to the
//! browser before it asserts.
#![cfg(target_arch = "wasm32")]

use kharbga::app::board::view::{Arrow, BoardView, Hands, Highlight};
use kharbga::app::board::Board;
use kharbga::app::i18n::I18nProvider;
use kharbga::app::services::computer::ComputerPlayer;
use kharbga::engine::{BoardSize, Side, Square};
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use leptos::web_sys::{self, HtmlElement};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn fresh_container() -> HtmlElement {
    let document = document();
    let container = document.create_element("div").expect("create a div");
    document
        .body()
        .expect("a body")
        .append_child(&container)
        .expect("append the container");
    container.unchecked_into()
}

async fn tick() {
    // Let Leptos' effects and the browser's microtasks run.
    leptos::task::tick().await;
}

/// Lets the next frame be drawn, and the game screen's panel (status,
/// controls, moves) catch up: it follows the game in a task queued from
/// the frame after a change (`Play::panel`), which this one follows.
async fn next_frame() {
    let frame = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .expect("a window")
            .request_animation_frame(&resolve)
            .expect("a frame");
    });
    wasm_bindgen_futures::JsFuture::from(frame)
        .await
        .expect("the frame");
    gloo_timers::future::TimeoutFuture::new(0).await;
    tick().await;
}

fn squares(container: &HtmlElement) -> Vec<web_sys::Element> {
    let list = container
        .query_selector_all("[data-square]")
        .expect("valid selector");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|node| node.dyn_into::<web_sys::Element>().ok())
        .collect()
}

#[wasm_bindgen_test]
async fn board_draws_49_named_squares_with_pieces() {
    let container = fresh_container();
    let mut board = BoardView::empty(BoardSize::Seven);
    let c4: Square = "c4".parse().unwrap();
    let e4: Square = "e4".parse().unwrap();
    board.set(c4, Some(Side::First));
    board.set(e4, Some(Side::Second));
    let view = Signal::derive(move || board.clone());
    let _mounted = leptos::mount::mount_to(container.clone(), move || {
        view! { <I18nProvider><Board view=view/></I18nProvider> }
    });
    tick().await;

    let cells = squares(&container);
    let mut names: Vec<String> = cells
        .iter()
        .filter_map(|c| c.get_attribute("data-square"))
        .collect();
    assert_eq!(names.len(), 49);
    // Drawn from the top-left (a7) to the bottom-right (g1).
    assert_eq!(names.first().map(String::as_str), Some("a7"));
    assert_eq!(names.last().map(String::as_str), Some("g1"));
    names.sort();
    let mut expected: Vec<String> = BoardSize::Seven
        .all_squares()
        .map(|s| s.to_string())
        .collect();
    expected.sort();
    assert_eq!(names, expected);

    let piece = |name: &str| {
        container
            .query_selector(&format!("[data-square=\"{name}\"]"))
            .unwrap()
            .and_then(|e| e.get_attribute("data-piece"))
    };
    assert_eq!(piece("c4").as_deref(), Some("attacker"));
    assert_eq!(piece("e4").as_deref(), Some("defender"));
    assert_eq!(piece("d4"), None);
    let occupied = cells
        .iter()
        .filter(|c| c.has_attribute("data-piece"))
        .count();
    assert_eq!(occupied, 2);

    let malha = container
        .query_selector("[data-square=\"d4\"]")
        .unwrap()
        .expect("d4 exists");
    assert!(malha.class_list().contains("malha"));
    let label = malha.get_attribute("aria-label").unwrap_or_default();
    assert!(
        label.contains("d4") && label.contains("Malha"),
        "label was {label:?}"
    );
}

#[wasm_bindgen_test]
async fn board_grid_stays_left_to_right_and_follows_its_signal() {
    let container = fresh_container();
    container.set_attribute("dir", "rtl").unwrap();
    let view = RwSignal::new(BoardView::empty(BoardSize::Five));
    let _mounted = leptos::mount::mount_to(container.clone(), move || {
        view! { <I18nProvider><Board view=view/></I18nProvider> }
    });
    tick().await;
    assert_eq!(squares(&container).len(), 25);
    let frame = container
        .query_selector(".board-frame")
        .unwrap()
        .expect("frame");
    assert_eq!(frame.get_attribute("dir").as_deref(), Some("ltr"));

    view.update(|b| b.set("a1".parse().unwrap(), Some(Side::Second)));
    tick().await;
    let a1 = container
        .query_selector("[data-square=\"a1\"]")
        .unwrap()
        .expect("a1");
    assert_eq!(a1.get_attribute("data-piece").as_deref(), Some("defender"));

    // The edges name the files and ranks as drawn, turned with the board.
    let edge = |selector: &str| -> String {
        let spans = container
            .query_selector_all(&format!("{selector} span"))
            .unwrap();
        (0..spans.length())
            .filter_map(|i| spans.item(i)?.text_content())
            .collect()
    };
    assert_eq!(
        (edge(".ranks"), edge(".files")),
        ("54321".into(), "abcde".into())
    );
    view.update(|b| b.flipped = true);
    tick().await;
    assert_eq!(
        (edge(".ranks"), edge(".files")),
        ("12345".into(), "edcba".into())
    );

    view.set(BoardView::empty(BoardSize::Nine));
    tick().await;
    assert_eq!(squares(&container).len(), 81);
    assert_eq!(edge(".files"), "abcdefghi");
}

fn click(container: &HtmlElement, selector: &str) {
    let element = container
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("{selector} is on the page"));
    element.unchecked_into::<HtmlElement>().click();
}

/// The game screen for `game`, mounted with the services it asks for.
fn mount_game(
    container: &HtmlElement,
    game: kharbga::app::play::Match,
) -> leptos::mount::UnmountHandle<impl leptos::tachys::view::Mountable> {
    use kharbga::app::play::{GameScreen, Session};
    use kharbga::engine::Game;
    let session = Session::new(
        Game::new(game.rules),
        "t".into(),
        kharbga::engine::Millis(0),
        "2026.11.22".into(),
    );
    leptos::mount::mount_to(container.clone(), move || {
        provide_context(ComputerPlayer::new());
        view! {
            <I18nProvider>
                <GameScreen game=game.clone() session=session.clone() on_new_game=Callback::new(|()| {}) on_rematch=Callback::new(|_| {})/>
            </I18nProvider>
        }
    })
}

/// A local Seega 5×5 game between `first` and `second`.
fn seega5(first: &str, second: &str) -> kharbga::app::play::Match {
    kharbga::app::play::Match {
        first: first.into(),
        second: second.into(),
        ..kharbga::app::play::Match::local(kharbga::engine::Rules::seega(BoardSize::Five))
    }
}

fn attribute(container: &HtmlElement, selector: &str, name: &str) -> Option<String> {
    container
        .query_selector(selector)
        .unwrap()
        .and_then(|e| e.get_attribute(name))
}

#[wasm_bindgen_test]
async fn a_timed_game_shows_both_clocks_and_hands_the_turn_over() {
    use kharbga::app::play::Match;
    use kharbga::engine::{Rules, TimeControl};
    let container = fresh_container();
    let game = Match {
        clock: Some(TimeControl::minutes(3, 2)),
        ..Match::local(Rules::seega(BoardSize::Five))
    };
    let _mounted = mount_game(&container, game);
    tick().await;
    let clock = |side: &str, name: &str| {
        attribute(&container, &format!("[data-testid=clock-{side}]"), name)
    };
    assert_eq!(clock("first", "data-running").as_deref(), Some("true"));
    assert_eq!(clock("second", "data-running").as_deref(), Some("false"));
    let text = container
        .query_selector("[data-testid=clock-second]")
        .unwrap()
        .and_then(|e| e.text_content());
    assert_eq!(text.as_deref(), Some("3:00"));
    // No takeback on the clock.
    assert!(container
        .query_selector("[data-testid=undo]")
        .unwrap()
        .is_none());
    click(&container, "[data-square=\"a1\"]");
    tick().await;
    assert_eq!(clock("first", "data-running").as_deref(), Some("true"));
    click(&container, "[data-square=\"b1\"]");
    tick().await;
    assert_eq!(clock("first", "data-running").as_deref(), Some("false"));
    assert_eq!(clock("second", "data-running").as_deref(), Some("true"));
}

#[wasm_bindgen_test]
async fn the_game_screen_plays_taps_and_lists_them() {
    let container = fresh_container();
    let game = seega5("Amel", "Youssef");
    let _mounted = mount_game(&container, game);
    tick().await;
    let board = container
        .query_selector("[data-testid=board]")
        .unwrap()
        .expect("the board");
    assert_eq!(
        board.get_attribute("data-phase").as_deref(),
        Some("setting")
    );
    click(&container, "[data-square=\"a1\"]");
    click(&container, "[data-square=\"c3\"]"); // the Malha: refused, and said so
    tick().await;
    assert_eq!(
        attribute(&container, "[data-testid=notice]", "data-refusal").as_deref(),
        Some("malha")
    );
    click(&container, "[data-square=\"b1\"]");
    tick().await;
    // (The move list follows a frame later.)
    next_frame().await;
    let piece = |name: &str| {
        attribute(
            &container,
            &format!("[data-square=\"{name}\"]"),
            "data-piece",
        )
    };
    assert_eq!(piece("a1").as_deref(), Some("attacker"));
    assert_eq!(piece("b1").as_deref(), Some("attacker"));
    assert_eq!(piece("c3"), None);
    assert!(
        container
            .query_selector("[data-testid=notice]")
            .unwrap()
            .is_none(),
        "a ply clears the notice"
    );
    assert_eq!(
        board.get_attribute("data-to-move").as_deref(),
        Some("second")
    );
    assert_eq!(
        container.query_selector_all("[data-ply]").unwrap().length(),
        2
    );
    // One row for the turn, its number shown once.
    assert_eq!(container.query_selector_all(".turn").unwrap().length(), 1);
    click(&container, "[data-testid=undo]");
    tick().await;
    assert_eq!(piece("b1"), None);
    assert_eq!(
        board.get_attribute("data-to-move").as_deref(),
        Some("first")
    );
}

#[wasm_bindgen_test]
async fn the_board_takes_gestures_only_for_the_hands_here() {
    let container = fresh_container();
    let mut start = BoardView::empty(BoardSize::Five);
    start.hands = Hands::None;
    let view = RwSignal::new(start);
    let taps = RwSignal::new(0);
    let _mounted = leptos::mount::mount_to(container.clone(), move || {
        let on_tap = Callback::new(move |_: Square| taps.update(|n| *n += 1));
        view! { <I18nProvider><Board view=view on_tap=on_tap/></I18nProvider> }
    });
    tick().await;
    click(&container, "[data-square=\"a1\"]");
    tick().await;
    assert_eq!(taps.get_untracked(), 0, "a replay's board takes no taps");
    assert_eq!(
        attribute(&container, "[data-testid=board]", "data-input").as_deref(),
        Some("false")
    );
    view.update(|b| b.hands = Hands::One(Side::Second));
    tick().await;
    click(&container, "[data-square=\"a1\"]");
    assert_eq!(taps.get_untracked(), 0, "the first player's turn, not ours");
    view.update(|b| b.hands = Hands::One(Side::First));
    tick().await;
    click(&container, "[data-square=\"a1\"]");
    assert_eq!(taps.get_untracked(), 1);
}

#[wasm_bindgen_test]
async fn arrows_and_highlights_are_drawn_on_the_board() {
    let container = fresh_container();
    let mut board = BoardView::empty(BoardSize::Seven);
    let (d3, d4): (Square, Square) = ("d3".parse().unwrap(), "d4".parse().unwrap());
    board.marks.arrows.push(Arrow {
        from: d3,
        to: d4,
        kind: Highlight::Hint,
    });
    board
        .marks
        .highlights
        .push((kharbga::engine::Bitboard::from_square(d3), Highlight::Focus));
    let view = Signal::derive(move || board.clone());
    let _mounted = leptos::mount::mount_to(container.clone(), move || {
        view! { <I18nProvider><Board view=view/></I18nProvider> }
    });
    tick().await;
    assert_eq!(
        container
            .query_selector_all("[data-testid=board-arrows] line.arrow.hint")
            .unwrap()
            .length(),
        1
    );
    let d3_class = attribute(&container, "[data-square=\"d3\"]", "class").unwrap_or_default();
    assert!(d3_class.split(' ').any(|c| c == "focus"), "{d3_class}");
}

#[wasm_bindgen_test]
async fn without_its_worker_the_computer_still_plays_and_leaving_is_safe() {
    use kharbga::ai::Level;
    use kharbga::app::play::Match;
    use kharbga::store::Seats;
    // The test runner serves no worker script: the service reports the
    // failure and the page plays for the computer.
    let container = fresh_container();
    let game = Match {
        seats: Seats::against_computer(Side::Second, Level::Search(3)),
        ..seega5("Amel", "Computer")
    };
    let mounted = mount_game(&container, game);
    tick().await;
    click(&container, "[data-square=\"a1\"]");
    click(&container, "[data-square=\"a2\"]");
    // The failure arrives with the worker's error event: wait for it.
    let mut answered = false;
    for _ in 0..100 {
        gloo_timers::future::TimeoutFuture::new(50).await;
        tick().await;
        if container.query_selector_all("[data-ply]").unwrap().length() == 4 {
            answered = true;
            break;
        }
    }
    assert!(answered, "the computer set its two soldiers");
    assert!(container
        .query_selector("[data-testid=computer-failed]")
        .unwrap()
        .is_some());
    // Leaving while the computer is to move again must not panic later.
    click(&container, "[data-square=\"a3\"]");
    click(&container, "[data-square=\"a4\"]");
    drop(mounted);
    gloo_timers::future::TimeoutFuture::new(300).await;
    tick().await;
}

#[wasm_bindgen_test]
async fn the_settings_show_each_choice_checked_and_store_the_one_chosen() {
    use kharbga::app::screens::settings::SettingsScreen;
    use kharbga::app::services::prefs::{BoardStyle, Prefs, Theme};
    let container = fresh_container();
    let prefs = RwSignal::new(Prefs::default());
    let _mounted = leptos::mount::mount_to(container.clone(), move || {
        provide_context(prefs);
        view! { <I18nProvider><SettingsScreen/></I18nProvider> }
    });
    tick().await;
    let radio = |test_id: &str| -> web_sys::HtmlInputElement {
        container
            .query_selector(&format!("[data-testid={test_id}]"))
            .unwrap()
            .unwrap_or_else(|| panic!("{test_id} is on the page"))
            .unchecked_into()
    };
    let checked = |group: &str, tokens: &[&str]| -> Vec<bool> {
        tokens
            .iter()
            .map(|t| {
                let input = radio(&format!("{group}-{t}"));
                assert_eq!(input.type_(), "radio");
                assert_eq!(input.name(), group);
                input.checked()
            })
            .collect()
    };
    let themes = ["system", "light", "dark"];
    let boards = ["wood", "stone"];
    assert_eq!(checked("theme", &themes), [true, false, false]);
    assert_eq!(checked("board", &boards), [true, false]);
    radio("theme-dark").click();
    radio("board-stone").click();
    tick().await;
    assert_eq!(prefs.get_untracked().theme, Theme::Dark);
    assert_eq!(prefs.get_untracked().board, BoardStyle::Stone);
    assert_eq!(checked("theme", &themes), [false, false, true]);
    assert_eq!(checked("board", &boards), [false, true]);
    // A choice made elsewhere shows here too.
    prefs.update(|p| p.theme = Theme::Light);
    tick().await;
    assert_eq!(checked("theme", &themes), [false, true, false]);
}

/// A fresh container on an empty localStorage.
fn fresh_container_and_storage() -> HtmlElement {
    if let Ok(Some(storage)) = web_sys::window().expect("a window").local_storage() {
        let _ = storage.clear();
    }
    fresh_container()
}

/// A game screen on a fresh session of `game`, in a screen scope of its own,
/// with nothing to do on "New game" or "Rematch" (the memory tests' page).
fn game_screen_alone(game: kharbga::app::play::Match) -> impl IntoView {
    use kharbga::app::play::GameScreen;
    kharbga::app::i18n::scope_screen();
    let session = kharbga::app::play::session::new_session(kharbga::engine::Game::new(game.rules));
    view! {
        <GameScreen game=game session=session
            on_new_game=Callback::new(|()| {}) on_rematch=Callback::new(|_| {})/>
    }
}

/// Thirty games against the computer in one page, each on a screen of its
/// own as the shell makes them (the screen's owner, the language read
/// through it), through the page's services (one computer player, one
/// library): what the page keeps after the thirtieth game is no more than
/// after the fifth (issue 46: every text a move list ever showed was kept,
/// 1.8 → 76 MB in 30 games).
#[wasm_bindgen_test]
async fn thirty_games_in_one_page_keep_what_five_kept() {
    use kharbga::ai::Level;
    use kharbga::app::play::Match;
    use kharbga::app::services::storage::Saves;
    use kharbga::store::{Seat, Seats};
    let container = fresh_container_and_storage();
    // The computer on both sides (its worker absent here: the page plays
    // for it, a ply a task).
    let game = Match {
        seats: Seats([Seat::Computer(Level::Search(1)); 2]),
        ..seega5("Computer", "Computer")
    };
    let played = RwSignal::new(0u32);
    let _mounted = leptos::mount::mount_to(container.clone(), move || {
        provide_context(ComputerPlayer::new());
        provide_context(Saves::open());
        view! {
            <I18nProvider>
                {
                    let game = game.clone();
                    move || {
                    played.track();
                    let game = game.clone();
                    untrack(move || game_screen_alone(game))
                }}
            </I18nProvider>
        }
    });
    let mut kept = Vec::new();
    let mut plies = 0;
    for game in 1..=30 {
        let mut over = false;
        for _ in 0..2_000 {
            gloo_timers::future::TimeoutFuture::new(10).await;
            tick().await;
            if container
                .query_selector("[data-phase=over]")
                .unwrap()
                .is_some()
            {
                over = true;
                break;
            }
        }
        assert!(over, "game {game} ended");
        plies += container.query_selector_all("[data-ply]").unwrap().length();
        next_frame().await;
        kept.push(kharbga::heap_in_use());
        // The next game, on a screen of its own.
        played.update(|n| *n += 1);
        next_frame().await;
    }
    let (fifth, last) = (kept[4], kept[29]);
    wasm_bindgen_test::console_log!(
        "heap in use after game 5: {fifth} B, after game 30: {last} B ({plies} plies)"
    );
    assert!(plies > 300, "the games were played: {plies} plies");
    assert!(
        last * 4 <= fifth * 5,
        "the page keeps what each game made: {fifth} B after game 5, {last} B after game 30 ({kept:?})"
    );
}

/// One long game against the computer (Kharbga, the computer on both
/// sides, 426 plies): what the page holds grows with the game, by about as
/// much over plies 150–300 as over plies 0–150. (The move list's rows,
/// drawn anew at each ply, each left a subscriber on the shown ply behind
/// them: n²/2 of them, 7 MB held after 426 plies, the second stretch
/// growing 2.5 times the first.)
#[wasm_bindgen_test]
async fn a_long_game_grows_the_page_by_its_plies_only() {
    use kharbga::ai::Level;
    use kharbga::app::play::Match;
    use kharbga::app::services::storage::Saves;
    use kharbga::store::{Seat, Seats};
    let container = fresh_container_and_storage();
    let game = Match {
        seats: Seats([Seat::Computer(Level::Search(1)); 2]),
        first: "Computer".into(),
        second: "Computer".into(),
        ..kharbga::app::play::Match::local(kharbga::engine::Rules::kharbga())
    };
    let _mounted = leptos::mount::mount_to(container.clone(), move || {
        provide_context(ComputerPlayer::new());
        provide_context(Saves::open());
        view! {
            <I18nProvider>
                {
                    let game = game.clone();
                    untrack(move || game_screen_alone(game))
                }
            </I18nProvider>
        }
    });
    // The heap in use when the list first shows 0, 150 and 300 plies.
    let mut held = Vec::new();
    for _ in 0..20_000 {
        gloo_timers::future::TimeoutFuture::new(5).await;
        tick().await;
        let plies = container.query_selector_all("[data-ply]").unwrap().length();
        if plies >= 150 * held.len() as u32 {
            held.push(kharbga::heap_in_use());
            if held.len() == 3 {
                break;
            }
        }
        if container
            .query_selector("[data-phase=over]")
            .unwrap()
            .is_some()
        {
            break;
        }
    }
    assert_eq!(held.len(), 3, "the game reached 300 plies: {held:?}");
    let (first, second) = (
        held[1].saturating_sub(held[0]),
        held[2].saturating_sub(held[1]),
    );
    wasm_bindgen_test::console_log!(
        "heap in use at plies 0, 150, 300: {held:?} (+{first} B, then +{second} B)"
    );
    assert!(
        second * 2 <= first * 3,
        "plies 150-300 made the page hold {second} B, plies 0-150 {first} B ({held:?})"
    );
}
