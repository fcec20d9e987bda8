//! What a page adds to the shell, and how a page's binary starts.
//!
//! Every page is the same shell (header, notices, the game, the library,
//! replays, settings) and a binary of its own under `src/pages/src/bin/`
//! (listed in `src/pages/pages.json`): the first page's gives the shell
//! nothing more; each other page's gives it
//! one [`PageScreens`] (`online::OnlinePage`, `learn::LearnPage`,
//! `study::StudyPage`, `tournament::TournamentPage`). A page's screens are
//! reached only through that value, so what a page carries is what its
//! binary reaches: the compiler and the linker say it, not a feature.

use std::sync::Arc;

use leptos::prelude::*;

use super::play::{GameScreen, Match, Session};
use super::route::{Page, Route};
use super::services::storage::Saves;
use crate::engine::{Game, Record, Rules};
use crate::net::table::Warning;
use crate::store::share::ShareError;

/// Why a game sent by link, or an invitation, was not taken.
#[derive(Clone, Debug, PartialEq)]
pub enum ByLinkError {
    /// The link is damaged.
    Share(crate::store::share::ShareError),
    /// The game does not continue this page's game as it may (only the
    /// online page takes games by link).
    Refused(crate::net::table::Warning),
    /// A game played online with an earlier version: it is replayed, not
    /// continued online.
    EarlierGame,
    /// An invitation of an earlier version (no key to believe).
    EarlierLink,
}

/// Which screen is up.
#[derive(Clone)]
pub enum Screen {
    /// The new-game form: the match it starts from, and a position string
    /// to start from (the editor's "play from here").
    NewGame(Option<Match>, Option<String>),
    Playing(Match, Box<Session>),
    Library,
    /// A record in the replay viewer, and whether its board is turned (the
    /// person here played the second side).
    Replay(Box<Record>, bool),
    /// The theme, the board's style, sound.
    Settings,
    /// A screen of this page's own (an online room, the tutorial, the
    /// editor, the analysis board, the tournaments).
    Own(OwnScreen),
}

impl Screen {
    /// The rules of the game on the screen or in the form, if any.
    pub fn rules(&self) -> Option<Rules> {
        match self {
            Screen::Playing(m, _) | Screen::NewGame(Some(m), _) => Some(m.rules),
            _ => None,
        }
    }

    /// True for a page's own screen of this kind.
    pub fn is_own(&self, kind: &str) -> bool {
        matches!(self, Screen::Own(own) if own.kind == kind)
    }
}

/// A page's own screen: what it is, and its view.
#[derive(Clone)]
pub struct OwnScreen {
    kind: &'static str,
    view: Arc<dyn Fn(Shell) -> AnyView + Send + Sync>,
}

impl OwnScreen {
    /// A screen of kind `kind` (the page's name for it: `"room"`, …) drawn
    /// by `view`, each time it is shown.
    pub fn screen(
        kind: &'static str,
        view: impl Fn(Shell) -> AnyView + Send + Sync + 'static,
    ) -> Screen {
        Screen::Own(OwnScreen {
            kind,
            view: Arc::new(view),
        })
    }

    pub(super) fn view(&self, shell: Shell) -> AnyView {
        (self.view)(shell)
    }
}

/// The shell as a page's screens see it: the screen up, the saved games,
/// the notices, the ways to a new game.
#[derive(Clone, Copy)]
pub struct Shell {
    pub(super) screen: RwSignal<Screen>,
    /// The saved games.
    pub saves: Saves,
    /// Why a shared game's link did not read.
    pub link_error: RwSignal<Option<ShareError>>,
    /// Why a game by link or an invitation was not taken.
    pub by_link_error: RwSignal<Option<ByLinkError>>,
    /// The new-game form.
    pub on_new_game: Callback<()>,
    /// Starts a match (a new game, or a position).
    pub on_start: Callback<(Match, Game)>,
    /// What this page adds.
    pub page: &'static dyn PageScreens,
}

impl Shell {
    /// Shows `screen`.
    pub fn show(self, screen: Screen) {
        self.screen.set(screen);
    }

    /// The screen for a saved game: its room if it was played online.
    pub fn playing(self, m: Match, session: Session) -> Screen {
        match session.online.as_ref().map(|seat| seat.host) {
            Some(host) if m.seats.is_online() => match self.page.rooms() {
                Some(rooms) => rooms.open(m, Room::Saved(Box::new(session))),
                None => {
                    super::services::browser::hand_over(&Route::Invite(
                        crate::net::room::Invitation::Room(host),
                    ));
                    Screen::Library
                }
            },
            // Played online with an earlier version: its seats were secrets,
            // not keys, and cannot be proved any more. It is replayed.
            None if m.seats.is_online() => {
                self.by_link_error.set(Some(ByLinkError::EarlierGame));
                let mut record = Record::new(session.game);
                record.first = m.first;
                record.second = m.second;
                record.date = session.date;
                Screen::Replay(Box::new(record), session.flipped)
            }
            _ => Screen::Playing(m, Box::new(session)),
        }
    }
}

/// An online game a room opens for.
pub enum Room {
    /// A new game this page hosts.
    New(Game),
    /// A saved online game of this page's player.
    Saved(Box<Session>),
    /// Quick pairing: a stranger met for a game of the match's rules.
    Quick,
}

/// The online page's part of the new-game form (the other pages send a
/// player who picks online play to the online page).
#[derive(Clone, Copy)]
pub struct OnlineChoices {
    /// The online options, drawn in the form: they read and set the
    /// form's state (its `RwSignal<Form>`, a context value of the form).
    pub view: fn() -> AnyView,
    /// The side this page's player gets when the sides are drawn by lot.
    pub draw: fn() -> crate::engine::Side,
}

/// The game screen (`GameScreen`: the match, its session, the way to a new
/// game and the rematch), drawn by a page's binary from a chunk of its own.
pub type GameView = fn(Match, Session, Callback<()>, Callback<Match>) -> AnyView;

/// What opens the room of an online game (the online page).
pub trait Rooms {
    /// The room of `m`'s online game.
    fn open(&self, m: Match, room: Room) -> Screen;
}

/// A new-game form: its first choices, the position to start from, and
/// what starts the game.
pub type NewGameForm = fn(Match, Option<String>, Callback<(Match, Game)>) -> AnyView;

/// What a page adds to the shell (see the module's documentation).
pub trait PageScreens: Sync + 'static {
    /// Which page it is.
    fn page(&self) -> Page;

    /// The screen one of this page's routes opens, or `None` to stay.
    /// `here` is the screen up when the address changed under it.
    fn open(&self, _route: Route, _here: Option<&Screen>, _shell: Shell) -> Option<Screen> {
        None
    }

    /// What opens the rooms of online games (`None` where online play is
    /// another page's: the shell sends the player there).
    fn rooms(&self) -> Option<&dyn Rooms> {
        None
    }

    /// Fetches what the page's own screens need later (its chunks), once
    /// the first screen is painted.
    fn preload(&self) {}

    /// The game screen: in the first page's module (its first screen is a
    /// game), a chunk of the other pages' binaries (`src/pages/src/game.rs`).
    fn game_screen(&self) -> GameView;

    /// The online options of the new-game form, and quick pairing.
    fn online_choices(&self) -> Option<OnlineChoices> {
        None
    }

    /// The new-game form as part of the page's own module, where it is the
    /// page's first screen (the online page's); `None`: the shell fetches
    /// it as a chunk after the first paint (src/app/screens/lazy.rs).
    fn new_game_form(&self) -> Option<NewGameForm> {
        None
    }

    /// A peer's refusal, in words (only the online page meets one).
    fn warning(&self, _warning: &Warning) -> String {
        String::new()
    }
}

/// The first page: the shell alone.
pub struct FirstPage;

impl PageScreens for FirstPage {
    fn page(&self) -> Page {
        Page::First
    }

    fn game_screen(&self) -> GameView {
        |game, session, on_new_game, on_rematch| {
            view! { <GameScreen game=game session=session on_new_game=on_new_game on_rematch=on_rematch/> }
                .into_any()
        }
    }
}
