//! The page's addresses: one table of every place a URL fragment can name,
//! read and written without a browser.
//!
//! [`Route::parse`] reads a fragment (`#…`) and [`Route::fragment`] writes
//! one; the two round-trip (native tests below). The shell maps a route to
//! a screen, or to another page, in one place (`app::go_to`), at load and
//! when the fragment changes alike.

use crate::net::room::{self, Invitation, MOVE_FRAGMENT};

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
const EDIT: &str = crate::app::study::editor::FRAGMENT;
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
        if let Some(rest) = fragment.strip_prefix(crate::app::study::ANALYSE) {
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

    /// The route of the page's address now.
    pub fn current() -> Route {
        crate::app::services::browser::page_fragment().map_or(Route::Home, |f| Route::parse(&f))
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
            Route::Analyse(rest) => format!("{}{rest}", crate::app::study::ANALYSE),
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
