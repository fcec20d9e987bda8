//! The new-game form without the page: what it holds ([`Form`]: the mode,
//! the computer's level, the sides, the game and its options, the names, a
//! position to start from, the clock) and what it answers: the match and
//! the game it starts, or why not ([`StartError`]); the clock menu's
//! choices, from the engine's presets ([`ClockChoice::menu`]); what
//! choosing another game brings back. The views (`super`) show it and hand
//! it what the player does; the names it does not ask for come from the
//! page ([`Names`]: they are in the page's language).

use std::sync::OnceLock;

use crate::ai::Level;
use crate::app::play::Match;
use crate::engine::{
    BlockedRule, ChainRule, Game, Position, PositionError, Rules, Side, TimeControl,
    TimeControlError, Variant,
};
use crate::store::{Seat, Seats};

/// The level offered first.
pub const DEFAULT_LEVEL: u8 = 3;

/// The levels' menu values, 1 to 5.
pub const LEVELS: [&str; 5] = ["1", "2", "3", "4", "5"];

/// The chain rule's menu values.
pub const CHAIN: [(&str, ChainRule); 2] = [
    ("compulsory", ChainRule::Compulsory),
    ("optional", ChainRule::Optional),
];

/// The blocked rule's menu values.
pub const BLOCKED: [(&str, BlockedRule); 2] =
    [("pass", BlockedRule::Pass), ("remove", BlockedRule::Remove)];

/// The menu value of `level` (kept within 1 to 5).
pub fn level_value(level: u8) -> &'static str {
    LEVELS[usize::from(level.clamp(1, 5)) - 1]
}

/// The level of a menu's `value`, kept within 1 to 5; `None` for no number.
pub fn level_of(value: &str) -> Option<u8> {
    value.parse::<u8>().ok().map(|n| n.clamp(1, 5))
}

/// The side of a menu's `value` (a side's token; the first for any other).
pub fn side_of(value: &str) -> Side {
    if value == Side::Second.token() {
        Side::Second
    } else {
        Side::First
    }
}

/// The menu value of `option` in `values`.
fn value_in<T: PartialEq>(values: &[(&'static str, T)], option: &T) -> &'static str {
    values
        .iter()
        .find(|(_, o)| o == option)
        .map_or(values[0].0, |(value, _)| value)
}

/// The option of a menu's `value` in `values` (the first for any other).
fn option_in<T: Copy>(values: &[(&'static str, T)], value: &str) -> T {
    values
        .iter()
        .find(|(v, _)| *v == value)
        .map_or(values[0].1, |(_, option)| *option)
}

/// Who plays: two people at this device, a person against the computer,
/// or a person against someone online.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Hotseat,
    Computer,
    Online,
}

impl Mode {
    /// The modes in the order offered.
    pub const ALL: [Mode; 3] = [Mode::Hotseat, Mode::Computer, Mode::Online];

    /// The mode's token (the radio's value, `mode-name`'s selector).
    pub const fn token(self) -> &'static str {
        match self {
            Mode::Hotseat => "hotseat",
            Mode::Computer => "computer",
            Mode::Online => "online",
        }
    }

    /// The mode of `token`, if it is one.
    pub fn from_token(token: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.token() == token)
    }
}

/// The clock chosen: none, one of the engine's presets, or the minutes
/// and increment typed in ([`Form::minutes`], [`Form::increment`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockChoice {
    None,
    Preset(TimeControl),
    Custom,
}

impl ClockChoice {
    /// The clock menu's choices in order, each with its value: `none`,
    /// [`TimeControl::PRESETS`] as the engine writes them (`180+2`), and
    /// `custom`. The texts are made once and kept for the page's life: a
    /// menu's values are static strings.
    pub fn menu() -> &'static [(&'static str, ClockChoice)] {
        static MENU: OnceLock<Vec<(&'static str, ClockChoice)>> = OnceLock::new();
        MENU.get_or_init(|| {
            let presets = TimeControl::PRESETS
                .iter()
                .map(|c| (&*c.to_string().leak(), ClockChoice::Preset(*c)));
            std::iter::once(("none", ClockChoice::None))
                .chain(presets)
                .chain([("custom", ClockChoice::Custom)])
                .collect()
        })
    }

    /// The menu's value for this choice (a control that is no preset is
    /// shown as custom).
    pub fn value(self) -> &'static str {
        ClockChoice::menu()
            .iter()
            .find(|(_, c)| *c == self)
            .map_or("custom", |(value, _)| *value)
    }

    /// The choice of the menu's `value` (none for a value it does not have).
    pub fn from_value(value: &str) -> ClockChoice {
        ClockChoice::menu()
            .iter()
            .find(|(v, _)| *v == value)
            .map_or(ClockChoice::None, |(_, c)| *c)
    }

    /// The choice that shows `control` again: its preset, or custom.
    fn of(control: Option<TimeControl>) -> ClockChoice {
        match control {
            None => ClockChoice::None,
            Some(c) if TimeControl::PRESETS.contains(&c) => ClockChoice::Preset(c),
            Some(_) => ClockChoice::Custom,
        }
    }
}

/// Why the form starts nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The position string is not a position of these rules.
    Position(PositionError),
    /// The custom clock is not one (an increment that is no whole number
    /// is [`TimeControlError::Shape`]).
    Clock(TimeControlError),
}

/// The names the form does not ask for, in the page's language.
pub trait Names {
    /// A side's name when none was typed (`Attacker`).
    fn player(&self, variant: Variant, side: Side) -> String;
    /// The computer's name at `level`.
    fn computer(&self, level: Level) -> String;
}

/// The new-game form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// Who plays.
    pub mode: Mode,
    /// The computer's level, 1 to 5.
    pub level: u8,
    /// The side the person plays against the computer, or online.
    pub human: Side,
    /// Online: the sides are drawn by lot.
    pub draw_lots: bool,
    /// The game and its options.
    pub rules: Rules,
    /// The names typed, first side then second (online, the first is
    /// this page's player's, whichever side they take).
    pub names: [String; 2],
    /// A position string to start from (empty: the game's start).
    pub start_text: String,
    /// The clock.
    pub clock: ClockChoice,
    /// The custom clock's minutes and increment, as typed (kept while
    /// another clock is chosen).
    pub minutes: String,
    pub increment: String,
    /// Why the last start refused the position string.
    pub position_error: Option<PositionError>,
    /// Why the last start refused the custom clock (typing clears it).
    pub clock_error: Option<TimeControlError>,
}

impl Form {
    /// The form for a game like `previous` (its mode, players, rules and
    /// clock), from `position` if given; online play is offered only where
    /// `online_here` (elsewhere an online match comes back between two
    /// people).
    pub fn new(previous: &Match, position: Option<String>, online_here: bool) -> Form {
        let computer = previous.seats.computer();
        let mode = match computer {
            Some(_) => Mode::Computer,
            None if online_here && previous.seats.is_online() => Mode::Online,
            None => Mode::Hotseat,
        };
        // A computer's name is not offered back as a person's.
        let person = |side: Side| match previous.seats.seat(side) {
            Seat::Local => previous.name(side).to_owned(),
            _ => String::new(),
        };
        Form {
            mode,
            level: match computer {
                Some((_, Level::Search(n))) => n,
                _ => DEFAULT_LEVEL,
            },
            human: computer.map_or(Side::First, |(side, _)| side.opponent()),
            draw_lots: false,
            rules: previous.rules,
            names: [person(Side::First), person(Side::Second)],
            start_text: position.unwrap_or_default(),
            clock: ClockChoice::of(previous.clock),
            minutes: previous
                .clock
                .map_or("5".to_owned(), TimeControl::minutes_text),
            increment: previous
                .clock
                .map_or("3".to_owned(), |c| c.increment_s.to_string()),
            position_error: None,
            clock_error: None,
        }
    }

    /// Another game: its default options come back (names, mode, clock
    /// and position string stay).
    pub fn set_variant(&mut self, variant: Variant) {
        self.rules = Rules::new(variant);
    }

    /// The game's default options back.
    pub fn restore_defaults(&mut self) {
        self.set_variant(self.rules.variant);
    }

    /// The quiet-move limit as typed: a field being edited may be empty or
    /// odd, and the last good value stays; at most 999. Whether the text
    /// was a number.
    pub fn type_quiet(&mut self, text: &str) -> bool {
        let Ok(value) = text.trim().parse::<u16>() else {
            return false;
        };
        self.rules.quiet_limit = value.min(999);
        true
    }

    /// The chain rule's menu value.
    pub fn chain_value(&self) -> &'static str {
        value_in(&CHAIN, &self.rules.chain)
    }

    /// The chain rule of a menu's `value` chosen.
    pub fn choose_chain(&mut self, value: &str) {
        self.rules.chain = option_in(&CHAIN, value);
    }

    /// The blocked rule's menu value.
    pub fn blocked_value(&self) -> &'static str {
        value_in(&BLOCKED, &self.rules.blocked)
    }

    /// The blocked rule of a menu's `value` chosen.
    pub fn choose_blocked(&mut self, value: &str) {
        self.rules.blocked = option_in(&BLOCKED, value);
    }

    /// The level of a menu's `value` chosen (no number: no change).
    pub fn choose_level(&mut self, value: &str) {
        if let Some(level) = level_of(value) {
            self.level = level;
        }
    }

    /// The mode of `token` chosen.
    pub fn choose_mode(&mut self, token: &str) {
        if let Some(mode) = Mode::from_token(token) {
            self.mode = mode;
        }
    }

    /// The clock menu's `value` chosen.
    pub fn choose_clock(&mut self, value: &str) {
        self.clock_error = None;
        self.clock = ClockChoice::from_value(value);
    }

    /// The custom clock's minutes typed.
    pub fn type_minutes(&mut self, text: String) {
        self.clock_error = None;
        self.minutes = text;
    }

    /// The custom clock's increment typed.
    pub fn type_increment(&mut self, text: String) {
        self.clock_error = None;
        self.increment = text;
    }

    /// Whether the name of `side`'s player is asked: against the
    /// computer, only the person's (the computer is named by its level).
    pub fn asks_name(&self, side: Side) -> bool {
        self.mode != Mode::Computer || self.human == side
    }

    /// The time control chosen, if any.
    ///
    /// # Errors
    /// A custom clock that is not one.
    pub fn time_control(&self) -> Result<Option<TimeControl>, TimeControlError> {
        match self.clock {
            ClockChoice::None => Ok(None),
            ClockChoice::Preset(control) => Ok(Some(control)),
            ClockChoice::Custom => {
                let increment = self
                    .increment
                    .trim()
                    .parse::<u32>()
                    .map_err(|_| TimeControlError::Shape)?;
                TimeControl::custom(&self.minutes, increment).map(Some)
            }
        }
    }

    /// The game to start: the rules' start, or the position string's.
    ///
    /// # Errors
    /// A position string that is not a position of these rules.
    pub fn game(&self) -> Result<Game, PositionError> {
        let text = self.start_text.trim();
        if text.is_empty() {
            return Ok(Game::new(self.rules));
        }
        Position::from_text(text, self.rules).map(Game::from_position)
    }

    /// The match and the game the form starts. `draw` draws the sides by
    /// lot (online, when asked): the side this page's player gets.
    ///
    /// # Errors
    /// The position string's first, then the clock's.
    pub fn start(
        &self,
        names: &impl Names,
        draw: impl FnOnce() -> Side,
    ) -> Result<(Match, Game), StartError> {
        let game = self.game().map_err(StartError::Position)?;
        let clock = self.time_control().map_err(StartError::Clock)?;
        let rules = self.rules;
        let name = |typed: &str, side: Side| match typed.trim() {
            "" => names.player(rules.variant, side),
            typed => typed.to_owned(),
        };
        if self.mode == Mode::Online {
            // This page's player on the side chosen or drawn, under the
            // name typed or their side's.
            let side = if self.draw_lots { draw() } else { self.human };
            let mine = name(&self.names[0], side);
            let (first, second) = match side {
                Side::First => (mine, String::new()),
                Side::Second => (String::new(), mine),
            };
            let game_match = Match {
                rules,
                first,
                second,
                seats: Seats::online(side),
                clock,
            };
            return Ok((game_match, game));
        }
        let seats = seats(self.mode == Mode::Computer, self.human, self.level);
        let typed = [
            name(&self.names[0], Side::First),
            name(&self.names[1], Side::Second),
        ];
        let game_match = seated(rules, seats, typed, clock, |l| names.computer(l));
        Ok((game_match, game))
    }

    /// [`Form::start`], the error kept for the form to show: a refused
    /// position leaves the clock's error as it was; a refused clock clears
    /// the position's.
    pub fn submit(
        &mut self,
        names: &impl Names,
        draw: impl FnOnce() -> Side,
    ) -> Option<(Match, Game)> {
        match self.start(names, draw) {
            Ok(started) => {
                self.position_error = None;
                self.clock_error = None;
                Some(started)
            }
            Err(StartError::Position(e)) => {
                self.position_error = Some(e);
                None
            }
            Err(StartError::Clock(e)) => {
                self.position_error = None;
                self.clock_error = Some(e);
                None
            }
        }
    }
}

/// The seats of a game at this device: two people, or the person on
/// `human`'s side against the computer at `level`.
pub fn seats(against_computer: bool, human: Side, level: u8) -> Seats {
    if against_computer {
        Seats::against_computer(human.opponent(), Level::Search(level))
    } else {
        Seats::LOCAL
    }
}

/// A match at this device: the computer's side named by `computer`, each
/// person's by `names` (first side, second side).
pub fn seated(
    rules: Rules,
    seats: Seats,
    names: [String; 2],
    clock: Option<TimeControl>,
    computer: impl Fn(Level) -> String,
) -> Match {
    let [first, second] = names;
    let name = |side: Side, own: String| match seats.computer() {
        Some((c, level)) if c == side => computer(level),
        _ => own,
    };
    Match {
        rules,
        first: name(Side::First, first),
        second: name(Side::Second, second),
        seats,
        clock,
    }
}
