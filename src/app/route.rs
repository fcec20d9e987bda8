//! The page's addresses: one table of every place a URL fragment can name,
//! and of the pages that serve them, read and written without a browser.
//!
//! [`Route::parse`] reads a fragment (`#…`) and [`Route::fragment`] writes
//! one; the two round-trip (native tests below). [`Route::page`] says which
//! [`Page`] serves a route and [`Route::url`] is the link to it there (the
//! pages and their files come from their one list, `src/pages/pages.json`). The shell maps a route to a
//! screen, or to another page, in one place (`app::go_to`), at load and
//! when the fragment changes alike.

use crate::net::room::{self, Invitation, MOVE_FRAGMENT};

/// The page running (set once by its binary).
static HERE: std::sync::OnceLock<Page> = std::sync::OnceLock::new();

// `Page`: every page, its file and its Fluent files, written by
// src/build.rs from the pages' one list (src/pages/pages.json).
include!(concat!(env!("OUT_DIR"), "/pages.rs"));

impl Page {
    /// The page running: the one its binary started ([`Page::start`]); the
    /// first page until then (headless tests).
    pub fn here() -> Page {
        HERE.get().copied().unwrap_or(Page::First)
    }

    /// Says which page this is: once, by the page's binary, before the app
    /// is mounted (a second call changes nothing).
    pub fn start(self) {
        let _ = HERE.set(self);
    }

    /// True when this page is the one running.
    pub fn is_here(self) -> bool {
        self == Page::here()
    }
}

/// A place of the tutorial's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnPlace {
    /// `#learn`: the list of lessons.
    List,
    /// `#learn/<id>`: a lesson (the id as written: the tutorial's page
    /// opens the list for one it does not know).
    Lesson(String),
    /// `#rules`: the rules sheet.
    Rules,
}

/// Where an address points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// No fragment, or one this app does not know: the current game.
    Home,
    /// `#online`: the new-game form with online play chosen.
    OnlineForm,
    /// A place of the tutorial.
    Learn(LearnPlace),
    /// `#g…`: a whole game shared by link (the fragment, read by
    /// `store::share::decode`).
    Shared(String),
    /// `#r<key>`: an invitation to an online room.
    Invite(Invitation),
    /// `#m…`: a game sent by link (the fragment, read by
    /// `net::room::MoveLink::parse`).
    ByLink(String),
    /// `#edit[/<rules>/<position>]`: the board editor (what follows
    /// `#edit`, read by `study::editor::Editor::from_place`).
    Edit(String),
    /// `#analyse/<game link>@<ply>`: the analysis board (what follows
    /// `#analyse`, read by `study::read_analyse`).
    Analyse(String),
    /// `#tournament[/<id>]`: the tournaments (what follows `#tournament`).
    Tournament(String),
}

/// The fragment of the online form.
const ONLINE: &str = "#online";
/// The board editor's fragment.
/// The board editor's fragment: `#edit[/<rules>/<position string>]`.
pub const EDIT: &str = "#edit";
/// What the analysis board's address starts with: `#analyse/<game link>@<ply>`.
pub const ANALYSE: &str = "#analyse";
/// What an analysis address ends with to start the review.
pub const REVIEW: &str = "/review";
/// The tournaments' fragment.
const TOURNAMENT: &str = "#tournament";
/// What a shared game's fragment starts with.
const SHARED: &str = "#g";

impl Route {
    /// The route a fragment names (with or without its `#`).
    pub fn parse(fragment: &str) -> Route {
        let fragment = if fragment.starts_with('#') || fragment.is_empty() {
            fragment.to_owned()
        } else {
            format!("#{fragment}")
        };
        match fragment.as_str() {
            "" | "#" => return Route::Home,
            ONLINE => return Route::OnlineForm,
            "#learn" => return Route::Learn(LearnPlace::List),
            "#rules" => return Route::Learn(LearnPlace::Rules),
            _ => {}
        }
        if let Some(rest) = fragment.strip_prefix(ANALYSE) {
            if rest.starts_with('/') {
                return Route::Analyse(rest.to_owned());
            }
        }
        if let Some(rest) = fragment.strip_prefix(TOURNAMENT) {
            if rest.is_empty() || rest.starts_with('/') {
                return Route::Tournament(rest.to_owned());
            }
        }
        if let Some(rest) = fragment.strip_prefix(EDIT) {
            if rest.is_empty() || rest.starts_with('/') {
                return Route::Edit(rest.to_owned());
            }
        }
        // The tutorial's places first: `#rules` also starts like `#r<key>`.
        if let Some(id) = fragment.strip_prefix("#learn/") {
            return Route::Learn(LearnPlace::Lesson(id.to_owned()));
        }
        if fragment.starts_with(SHARED) {
            return Route::Shared(fragment);
        }
        if fragment.starts_with(MOVE_FRAGMENT) {
            return Route::ByLink(fragment);
        }
        room::from_fragment(&fragment).map_or(Route::Home, Route::Invite)
    }

    /// The analysis board on `record` at ply `at` (the position before
    /// it; the game's length for its end).
    pub fn analyse(record: &crate::engine::Record, at: usize) -> Route {
        Route::Analyse(format!("/{}@{at}", crate::store::share::encode(record)))
    }

    /// The analysis board on `record`'s end, its review starting at once.
    pub fn review(record: &crate::engine::Record) -> Route {
        let length = record.game.plies().len();
        Route::Analyse(format!(
            "/{}@{length}{REVIEW}",
            crate::store::share::encode(record)
        ))
    }

    /// The board editor on a position string under `rules`.
    pub fn edit(rules: crate::engine::Rules, text: &str) -> Route {
        Route::Edit(format!("/{rules}/{}", text.replace(' ', "_")))
    }

    /// The page that serves this route. Every page shows the current game
    /// and a shared game: they are the first page's.
    pub fn page(&self) -> Page {
        match self {
            Route::Home | Route::Shared(_) => Page::First,
            Route::OnlineForm | Route::Invite(_) | Route::ByLink(_) => Page::Online,
            Route::Learn(_) => Page::Learn,
            Route::Edit(_) | Route::Analyse(_) => Page::Study,
            Route::Tournament(_) => Page::Tournament,
        }
    }

    /// The link to this route on its page (relative: the pages are served
    /// side by side), e.g. `learn.html#rules`.
    pub fn url(&self) -> String {
        format!("{}{}", self.page().file(), self.fragment())
    }

    /// The fragment of this route (empty for [`Route::Home`]).
    pub fn fragment(&self) -> String {
        match self {
            Route::Home => String::new(),
            Route::OnlineForm => ONLINE.to_owned(),
            Route::Learn(LearnPlace::List) => "#learn".to_owned(),
            Route::Learn(LearnPlace::Lesson(id)) => format!("#learn/{id}"),
            Route::Learn(LearnPlace::Rules) => "#rules".to_owned(),
            Route::Shared(fragment) | Route::ByLink(fragment) => fragment.clone(),
            Route::Invite(Invitation::Room(host)) => room::fragment(host),
            Route::Invite(Invitation::Earlier(code)) => format!("{}{code}", room::FRAGMENT),
            Route::Edit(rest) => format!("{EDIT}{rest}"),
            Route::Analyse(rest) => format!("{ANALYSE}{rest}"),
            Route::Tournament(rest) => format!("{TOURNAMENT}{rest}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::identity::SeatKey;

    fn every_kind() -> Vec<Route> {
        let host = SeatKey::from_seed([7; 32]).public();
        vec![
            Route::Home,
            Route::OnlineForm,
            Route::Learn(LearnPlace::List),
            Route::Learn(LearnPlace::Lesson("kharbaga".into())),
            Route::Learn(LearnPlace::Rules),
            Route::Shared("#g1~kharbaga~Amel~Youssef~~CAEB~".into()),
            Route::Invite(Invitation::Room(host)),
            Route::Invite(Invitation::Earlier(
                crate::net::room::RoomCode::parse("abcdefghjkmnpqrs").unwrap(),
            )),
            Route::ByLink(format!("#m{host}-f-sig-_-_-g1~kharbga~~~~~")),
            Route::Edit(String::new()),
            Route::Tournament(String::new()),
            Route::Tournament("/t123".into()),
            Route::Analyse("/g1~seega5~~~~AB~@1".into()),
            Route::Edit(
                crate::app::study::editor::Editor::new(crate::engine::Rules::kharbga()).fragment()
                    [EDIT.len()..]
                    .to_owned(),
            ),
        ]
    }

    #[test]
    fn every_route_round_trips_through_its_fragment() {
        for route in every_kind() {
            let fragment = route.fragment();
            assert_eq!(Route::parse(&fragment), route, "{fragment}");
            // And the fragment printed again is the same text.
            assert_eq!(Route::parse(&fragment).fragment(), fragment);
        }
    }

    #[test]
    fn every_route_has_its_page_and_its_url_round_trips() {
        // Each page its own file; the first is the site's `index.html`.
        let files: std::collections::BTreeSet<_> = Page::ALL.iter().map(|p| p.file()).collect();
        assert_eq!(files.len(), Page::ALL.len());
        assert!(files.iter().all(|f| f.ends_with(".html")), "{files:?}");
        assert_eq!(Page::First.file(), "index.html");
        for route in every_kind() {
            let url = route.url();
            let (file, fragment) = url.split_at(url.find('#').unwrap_or(url.len()));
            assert_eq!(file, route.page().file(), "{url}");
            assert_eq!(Route::parse(fragment), route, "{url}");
        }
        let page = |fragment: &str| Route::parse(fragment).page();
        assert_eq!(page(""), Page::First);
        assert_eq!(page("#g1~kharbaga~~~~~"), Page::First);
        assert_eq!(page("#online"), Page::Online);
        assert_eq!(page("#mwhatever"), Page::Online);
        assert_eq!(page("#learn/kharbaga"), Page::Learn);
        assert_eq!(page("#rules"), Page::Learn);
        assert_eq!(page("#edit"), Page::Study);
        assert_eq!(page("#analyse/x@1"), Page::Study);
        assert_eq!(page("#tournament/t1"), Page::Tournament);
        assert_eq!(Route::Learn(LearnPlace::Rules).url(), "learn.html#rules");
        assert_eq!(
            Route::Tournament("/join/k".into()).url(),
            "tournament.html#tournament/join/k"
        );
        assert_eq!(Route::Home.url(), "index.html");
    }

    #[test]
    fn fragments_that_look_alike_go_where_they_belong() {
        // `#rules` starts like an invitation (`#r…`): it is the rules sheet.
        assert_eq!(Route::parse("#rules"), Route::Learn(LearnPlace::Rules));
        assert_eq!(Route::parse("rules"), Route::Learn(LearnPlace::Rules));
        assert_eq!(Route::parse(""), Route::Home);
        assert_eq!(Route::parse("#"), Route::Home);
        // Unknown places, and a broken invitation, are the current game.
        for unknown in [
            "#nowhere",
            "#r",
            "#r!!",
            "#learning",
            "#onlinex",
            "#editor",
            "#analyse",
        ] {
            assert_eq!(Route::parse(unknown), Route::Home, "{unknown}");
        }
        assert!(matches!(Route::parse("#g2~future"), Route::Shared(_)));
        assert!(matches!(Route::parse("#mgarbage"), Route::ByLink(_)));
    }
}
