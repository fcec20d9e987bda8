//! The new-game form without the page (`app/screens/new_game/form.rs`):
//! the clock menu from the engine's presets, the custom clock's checks, a
//! previous match picked back, a position string refused with its error,
//! what another game resets, and the match each mode starts.

use std::cell::Cell;

use kharbga::ai::Level;
use kharbga::app::play::Match;
use kharbga::app::screens::new_game::form::{
    level_of, level_value, seated, seats, side_of, ClockChoice, Form, Mode, Names, StartError,
    DEFAULT_LEVEL,
};
use kharbga::engine::{
    BlockedRule, BoardSize, ChainRule, Game, Position, Rules, Side, TimeControl, TimeControlError,
    Variant, KHARBAGA_QUIET_LIMIT,
};
use kharbga::store::Seats;

/// Names a test can tell apart.
struct Plain;

impl Names for Plain {
    fn player(&self, variant: Variant, side: Side) -> String {
        format!("{} of {}", side.token(), variant.token())
    }

    fn computer(&self, level: Level) -> String {
        format!("computer {level:?}")
    }
}

/// No lot may be drawn.
fn no_lot() -> Side {
    panic!("no lot is drawn here")
}

/// The form for a new local Kharbga game, on a page without online play.
fn fresh() -> Form {
    Form::new(&Match::local(Rules::kharbga()), None, false)
}

/// The form for a game like `previous`, on the online page.
fn after(previous: &Match) -> Form {
    Form::new(previous, None, true)
}

#[test]
fn the_clock_menu_is_the_engines_presets_each_round_tripping() {
    let menu = ClockChoice::menu();
    assert_eq!(menu.len(), TimeControl::PRESETS.len() + 2);
    assert_eq!(menu[0], ("none", ClockChoice::None));
    assert_eq!(menu[menu.len() - 1], ("custom", ClockChoice::Custom));
    for (control, (value, choice)) in TimeControl::PRESETS.iter().zip(&menu[1..]) {
        // The menu's value is the engine's own text, and reads back.
        assert_eq!(*value, control.to_string());
        assert_eq!(value.parse::<TimeControl>(), Ok(*control));
        assert_eq!(*choice, ClockChoice::Preset(*control));
        assert_eq!(ClockChoice::from_value(value), *choice);
        assert_eq!(choice.value(), *value);
    }
    assert_eq!(TimeControl::PRESETS[1].to_string(), "300+3");
    // A control that is no preset is not offered: chosen, it is no clock.
    assert_eq!(ClockChoice::from_value("240+2"), ClockChoice::None);
    assert_eq!(ClockChoice::from_value("custom"), ClockChoice::Custom);
    assert_eq!(ClockChoice::Custom.value(), "custom");
}

#[test]
fn a_preset_chosen_starts_its_clock() {
    let mut form = fresh();
    assert_eq!(form.clock, ClockChoice::None);
    let (m, _) = form.start(&Plain, no_lot).unwrap();
    assert_eq!(m.clock, None);
    form.choose_clock(&TimeControl::PRESETS[2].to_string());
    let (m, _) = form.start(&Plain, no_lot).unwrap();
    assert_eq!(m.clock, Some(TimeControl::minutes(10, 5)));
}

#[test]
fn a_custom_clock_that_is_none_is_refused_and_typing_clears_the_error() {
    let mut form = fresh();
    form.choose_clock("custom");
    // The defaults: five minutes and three seconds.
    assert_eq!((form.minutes.as_str(), form.increment.as_str()), ("5", "3"));
    assert_eq!(form.time_control(), Ok(Some(TimeControl::minutes(5, 3))));
    form.type_minutes("abc".into());
    assert_eq!(form.time_control(), Err(TimeControlError::Shape));
    assert_eq!(
        form.start(&Plain, no_lot).unwrap_err(),
        StartError::Clock(TimeControlError::Shape)
    );
    assert_eq!(form.submit(&Plain, no_lot), None);
    assert_eq!(form.clock_error, Some(TimeControlError::Shape));
    form.type_minutes("0.5".into());
    assert_eq!(form.clock_error, None, "typing clears the error");
    assert_eq!(
        form.time_control(),
        Ok(Some(TimeControl::new(30, 3).unwrap()))
    );
    // Less than half a minute, an increment that is no number, or too long.
    form.type_minutes("0.25".into());
    assert_eq!(form.time_control(), Err(TimeControlError::Base));
    form.type_minutes(" 2,5 ".into());
    form.type_increment("x".into());
    assert_eq!(form.time_control(), Err(TimeControlError::Shape));
    form.type_increment("-1".into());
    assert_eq!(form.time_control(), Err(TimeControlError::Shape));
    form.type_increment("181".into());
    assert_eq!(form.time_control(), Err(TimeControlError::Increment));
    form.type_increment(" 0 ".into());
    let (m, _) = form.submit(&Plain, no_lot).unwrap();
    assert_eq!(m.clock, Some(TimeControl::new(150, 0).unwrap()));
    // Choosing another clock clears an error too, and keeps what was typed.
    form.type_minutes("abc".into());
    assert_eq!(form.submit(&Plain, no_lot), None);
    form.choose_clock("none");
    assert_eq!(form.clock_error, None);
    assert_eq!(form.minutes, "abc");
}

#[test]
fn the_previous_match_clock_comes_back_as_its_preset_or_as_custom() {
    let timed = |clock| Match {
        clock,
        ..Match::local(Rules::kharbga())
    };
    let preset = after(&timed(Some(TimeControl::minutes(5, 3))));
    assert_eq!(preset.clock, ClockChoice::Preset(TimeControl::PRESETS[1]));
    assert_eq!(preset.clock.value(), "300+3");
    let custom = after(&timed(Some(TimeControl::minutes(7, 4))));
    assert_eq!(custom.clock, ClockChoice::Custom);
    assert_eq!(
        (custom.minutes.as_str(), custom.increment.as_str()),
        ("7", "4")
    );
    assert_eq!(custom.time_control(), Ok(Some(TimeControl::minutes(7, 4))));
    let seconds = after(&timed(Some(TimeControl::new(45, 0).unwrap())));
    assert_eq!(seconds.clock, ClockChoice::Custom);
    assert_eq!(seconds.minutes, "0.75");
    assert_eq!(
        seconds.start(&Plain, no_lot).unwrap().0.clock,
        Some(TimeControl::new(45, 0).unwrap())
    );
    assert_eq!(after(&timed(None)).clock, ClockChoice::None);
}

#[test]
fn a_bad_position_string_gives_its_error_and_no_game() {
    let mut form = fresh();
    form.choose_clock("custom");
    form.type_minutes("abc".into());
    assert_eq!(form.submit(&Plain, no_lot), None);
    form.start_text = "not a position".into();
    let expected = Position::from_text("not a position", Rules::kharbga()).unwrap_err();
    assert_eq!(
        form.start(&Plain, no_lot).unwrap_err(),
        StartError::Position(expected.clone()),
        "the position is checked first"
    );
    assert_eq!(form.submit(&Plain, no_lot), None);
    assert_eq!(form.position_error, Some(expected));
    assert_eq!(
        form.clock_error,
        Some(TimeControlError::Shape),
        "the clock's error stays as it was"
    );
    // A good string starts from its position; the errors go.
    let mut game = Game::new(Rules::kharbga());
    game.play_text("c4").unwrap();
    form.start_text = format!("  {}  ", game.position());
    form.choose_clock("none");
    let (_, started) = form.submit(&Plain, no_lot).unwrap();
    assert_eq!(started.position(), game.position());
    assert_eq!((&form.position_error, form.clock_error), (&None, None));
    // A position of another game is refused under this one's rules.
    form.set_variant(Variant::Seega(BoardSize::Five));
    assert!(matches!(
        form.start(&Plain, no_lot),
        Err(StartError::Position(_))
    ));
    // Empty: the game's start.
    form.start_text = " ".into();
    let (_, started) = form.start(&Plain, no_lot).unwrap();
    assert_eq!(started, Game::new(Rules::seega(BoardSize::Five)));
}

#[test]
fn another_game_brings_back_its_default_options_and_nothing_else() {
    let mut form = fresh();
    form.type_quiet("12");
    form.rules.chain = ChainRule::Optional;
    form.rules.blocked = BlockedRule::Remove;
    form.names[0] = "Amel".into();
    form.mode = Mode::Computer;
    form.choose_clock("600+5");
    form.set_variant(Variant::Kharbaga);
    assert_eq!(form.rules, Rules::new(Variant::Kharbaga));
    assert_eq!(form.rules.quiet_limit, KHARBAGA_QUIET_LIMIT);
    assert_eq!(form.names[0], "Amel");
    assert_eq!(form.mode, Mode::Computer);
    assert_eq!(form.clock, ClockChoice::Preset(TimeControl::minutes(10, 5)));
    // The defaults button: the same game's options back.
    form.type_quiet("7");
    form.restore_defaults();
    assert_eq!(form.rules, Rules::new(Variant::Kharbaga));
}

#[test]
fn the_quiet_limit_keeps_its_last_good_value_and_stops_at_999() {
    let mut form = fresh();
    assert!(form.type_quiet(" 12 "));
    assert_eq!(form.rules.quiet_limit, 12);
    for odd in ["", "abc", "-3", "1.5"] {
        assert!(!form.type_quiet(odd), "{odd:?}");
        assert_eq!(form.rules.quiet_limit, 12, "{odd:?}");
    }
    assert!(form.type_quiet("1200"));
    assert_eq!(form.rules.quiet_limit, 999);
    form.type_quiet("0");
    assert_eq!(form.rules.quiet_limit, 0);
}

#[test]
fn against_the_computer_its_side_is_named_by_its_level() {
    let mut form = fresh();
    assert_eq!((form.mode, form.level), (Mode::Hotseat, DEFAULT_LEVEL));
    form.mode = Mode::Computer;
    form.human = Side::Second;
    form.level = 4;
    form.names = ["typed for the computer".into(), String::new()];
    assert!(!form.asks_name(Side::First) && form.asks_name(Side::Second));
    let (m, _) = form.start(&Plain, no_lot).unwrap();
    assert_eq!(
        m.seats,
        Seats::against_computer(Side::First, Level::Search(4))
    );
    assert_eq!(m.first, "computer Search(4)");
    assert_eq!(m.second, "second of kharbga", "untyped: the side's name");
    // Picked back: the mode, the level, the side; the computer's name is
    // not offered back as a person's.
    let back = after(&m);
    assert_eq!(
        (back.mode, back.level, back.human),
        (Mode::Computer, 4, Side::Second)
    );
    assert_eq!(back.names, [String::new(), "second of kharbga".to_owned()]);
}

#[test]
fn two_people_get_the_names_typed_trimmed_or_their_sides() {
    let mut form = fresh();
    assert!(form.asks_name(Side::First) && form.asks_name(Side::Second));
    form.names = ["  Amel ".into(), "   ".into()];
    let (m, game) = form.start(&Plain, no_lot).unwrap();
    assert_eq!(m.seats, Seats::LOCAL);
    assert_eq!(
        (m.first.as_str(), m.second.as_str()),
        ("Amel", "second of kharbga")
    );
    assert_eq!(game, Game::new(Rules::kharbga()));
    let back = Form::new(&m, Some("a position".into()), false);
    assert_eq!(
        back.names,
        ["Amel".to_owned(), "second of kharbga".to_owned()]
    );
    assert_eq!(back.start_text, "a position");
}

#[test]
fn online_the_player_takes_the_side_chosen_or_drawn() {
    let online = Match {
        seats: Seats::online(Side::First),
        ..Match::local(Rules::seega(BoardSize::Seven))
    };
    let mut form = after(&online);
    assert_eq!(form.mode, Mode::Online);
    form.human = Side::Second;
    form.names[0] = "Youssef".into();
    form.names[1] = "not asked online".into();
    let (m, _) = form.start(&Plain, no_lot).unwrap();
    assert_eq!(m.seats, Seats::online(Side::Second));
    assert_eq!((m.first.as_str(), m.second.as_str()), ("", "Youssef"));
    // Drawn by lot: the lot decides, once.
    form.draw_lots = true;
    let drawn = Cell::new(0);
    let (m, _) = form
        .start(&Plain, || {
            drawn.set(drawn.get() + 1);
            Side::First
        })
        .unwrap();
    assert_eq!(drawn.get(), 1);
    assert_eq!(m.seats, Seats::online(Side::First));
    assert_eq!((m.first.as_str(), m.second.as_str()), ("Youssef", ""));
    // Untyped: the drawn side's name.
    form.names[0].clear();
    let (m, _) = form.start(&Plain, || Side::Second).unwrap();
    assert_eq!(m.second, "second of seega7");
    // On a page without online play, an online match comes back between
    // two people.
    assert_eq!(Form::new(&online, None, false).mode, Mode::Hotseat);
}

#[test]
fn the_menus_values_read_back() {
    let mut form = fresh();
    for mode in Mode::ALL {
        assert_eq!(Mode::from_token(mode.token()), Some(mode));
        form.choose_mode(mode.token());
        assert_eq!(form.mode, mode);
    }
    assert_eq!(Mode::from_token("elsewhere"), None);
    form.choose_mode("elsewhere");
    assert_eq!(form.mode, Mode::Online, "no mode: no change");
    // Levels 1 to 5: a number outside is kept within, no number changes nothing.
    for level in 1..=5 {
        assert_eq!(level_of(level_value(level)), Some(level));
    }
    assert_eq!((level_value(0), level_value(9)), ("1", "5"));
    form.choose_level("9");
    assert_eq!(form.level, 5);
    form.choose_level("two");
    assert_eq!(form.level, 5);
    for side in [Side::First, Side::Second] {
        assert_eq!(side_of(side.token()), side);
    }
    assert_eq!(side_of("attacker"), Side::First);
    // The rule menus: each option's value, and back.
    assert_eq!(
        (form.chain_value(), form.blocked_value()),
        ("compulsory", "pass")
    );
    form.choose_chain("optional");
    form.choose_blocked("remove");
    assert_eq!(form.rules.chain, ChainRule::Optional);
    assert_eq!(form.rules.blocked, BlockedRule::Remove);
    assert_eq!(
        (form.chain_value(), form.blocked_value()),
        ("optional", "remove")
    );
    form.choose_chain("nonsense");
    assert_eq!(form.rules.chain, ChainRule::Compulsory, "the first option");
}

#[test]
fn a_match_at_this_device_names_only_the_computers_side_by_its_level() {
    let rules = Rules::kharbga();
    let names = || ["A".to_owned(), "B".to_owned()];
    let computer = |level: Level| format!("{level:?}");
    let two = seated(rules, seats(false, Side::First, 5), names(), None, computer);
    assert_eq!((two.first.as_str(), two.second.as_str()), ("A", "B"));
    assert_eq!(two.seats, Seats::LOCAL);
    let against = seats(true, Side::First, 2);
    assert_eq!(
        against,
        Seats::against_computer(Side::Second, Level::Search(2))
    );
    let m = seated(rules, against, names(), None, computer);
    assert_eq!((m.first.as_str(), m.second.as_str()), ("A", "Search(2)"));
}
