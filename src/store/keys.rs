//! Every key this app keeps in the browser's storage, in one enum: the key
//! strings are spelled here and nowhere else. They are players' data: a
//! renamed key orphans what was saved under the old one, so a native test
//! pins each string.
//!
//! Two spellings live side by side for history's sake: the saved games and
//! the page's settings use `kharbga.<name>`, the tournaments
//! `kharbga-tournament…`. Neither may change.

/// A key of the browser's storage.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StoreKey {
    /// `kharbga.game.<id>`: a saved game (one JSON entry, its summary included).
    Game(String),
    /// `kharbga.aside.<id>`: an entry that could not be read, kept as it was.
    Aside(String),
    /// `kharbga.current`: the id of the game being played.
    Current,
    /// `kharbga.index`: the index earlier versions kept (removed when seen).
    OldIndex,
    /// `kharbga.probe`: written and removed at once to learn whether the
    /// storage may be used.
    Probe,
    /// `kharbga.prefs`: the theme, the board's style and sound.
    Prefs,
    /// `kharbga.language`: the language chosen.
    Language,
    /// `kharbga.online`: the signalling and STUN/TURN servers chosen.
    OnlineSettings,
    /// `kharbga.learn`: the learner's progress in the tutorial.
    LearnProgress,
    /// `kharbga.puzzles`: the player's puzzle rating, tries and best
    /// streak (`learn::training::Training`).
    Puzzles,
    /// `kharbga.review.<hash>`: the computer's review of a game (the hash
    /// of the game's identity, 16 hex digits).
    Review(String),
    /// `kharbga-tournament-<id>`: a tournament played on this device.
    Tournament(String),
    /// `kharbga-tournaments`: the index of the saved tournaments that the
    /// library lists (a line each, newest first: the id, a tab, the name).
    TournamentIndex,
    /// `kharbga-tournament-host-<lobby code>`: an online tournament
    /// organized from this page.
    TournamentHost(String),
    /// `kharbga-tournament-seat-<organizer key>`: this page's player's
    /// secret key in an online tournament.
    TournamentSeat(String),
    /// `kharbga-tournament-follow-<organizer key>`: the last state this
    /// page believed of an online tournament it follows (the organizer's
    /// number on it, a line break, the state's text).
    TournamentFollow(String),
    /// `kharbga-tournament-board-<room code>`: the tournament a board
    /// belongs to (the rest of its address: `join/<organizer key>`), which
    /// the online page links back to.
    TournamentBoard(String),
}

/// How a key with a parameter is made of the rest of its string.
type Make = fn(String) -> StoreKey;

/// The keys with a parameter: their prefix and how a key is made of the
/// rest. Longer prefixes come first: `kharbga-tournament-` begins the
/// online tournaments' keys too.
const PREFIXED: [(&str, Make); 7] = [
    ("kharbga.game.", StoreKey::Game),
    ("kharbga.aside.", StoreKey::Aside),
    ("kharbga.review.", StoreKey::Review),
    ("kharbga-tournament-host-", StoreKey::TournamentHost),
    ("kharbga-tournament-seat-", StoreKey::TournamentSeat),
    ("kharbga-tournament-follow-", StoreKey::TournamentFollow),
    ("kharbga-tournament-board-", StoreKey::TournamentBoard),
];

/// The prefix of a tournament played on this device (checked after
/// [`PREFIXED`]'s).
const TOURNAMENT: &str = "kharbga-tournament-";

impl StoreKey {
    /// The keys without a parameter.
    pub const FIXED: [StoreKey; 9] = [
        StoreKey::Current,
        StoreKey::OldIndex,
        StoreKey::Probe,
        StoreKey::Prefs,
        StoreKey::Language,
        StoreKey::OnlineSettings,
        StoreKey::LearnProgress,
        StoreKey::Puzzles,
        StoreKey::TournamentIndex,
    ];

    /// The key's string in the storage.
    pub fn key(&self) -> String {
        let (prefix, rest) = match self {
            StoreKey::Game(id) => ("kharbga.game.", id.as_str()),
            StoreKey::Aside(id) => ("kharbga.aside.", id.as_str()),
            StoreKey::Current => ("kharbga.current", ""),
            StoreKey::OldIndex => ("kharbga.index", ""),
            StoreKey::Probe => ("kharbga.probe", ""),
            StoreKey::Prefs => ("kharbga.prefs", ""),
            StoreKey::Language => ("kharbga.language", ""),
            StoreKey::OnlineSettings => ("kharbga.online", ""),
            StoreKey::LearnProgress => ("kharbga.learn", ""),
            StoreKey::Puzzles => ("kharbga.puzzles", ""),
            StoreKey::Review(hash) => ("kharbga.review.", hash.as_str()),
            StoreKey::Tournament(id) => (TOURNAMENT, id.as_str()),
            StoreKey::TournamentIndex => ("kharbga-tournaments", ""),
            StoreKey::TournamentHost(code) => ("kharbga-tournament-host-", code.as_str()),
            StoreKey::TournamentSeat(key) => ("kharbga-tournament-seat-", key.as_str()),
            StoreKey::TournamentFollow(key) => ("kharbga-tournament-follow-", key.as_str()),
            StoreKey::TournamentBoard(code) => ("kharbga-tournament-board-", code.as_str()),
        };
        format!("{prefix}{rest}")
    }

    /// The key a storage string is, if it is one of this app's (`None`
    /// for another site's or a future version's). A tournament's id that
    /// begins like an online tournament's key reads as the latter.
    pub fn parse(key: &str) -> Option<StoreKey> {
        if let Some(fixed) = StoreKey::FIXED.into_iter().find(|k| k.key() == key) {
            return Some(fixed);
        }
        if let Some(made) = PREFIXED
            .iter()
            .find_map(|(prefix, make)| key.strip_prefix(prefix).map(|rest| make(rest.to_owned())))
        {
            return Some(made);
        }
        key.strip_prefix(TOURNAMENT)
            .map(|id| StoreKey::Tournament(id.to_owned()))
    }

    /// What the key keeps, as a player names it (`None` for the keys only
    /// the app reads: the probe, the old index).
    pub fn kept(&self) -> Option<Kept> {
        Some(match self {
            StoreKey::Game(_) | StoreKey::Aside(_) | StoreKey::Current => Kept::Games,
            StoreKey::Prefs | StoreKey::Language | StoreKey::OnlineSettings => Kept::Settings,
            StoreKey::LearnProgress | StoreKey::Puzzles => Kept::Learning,
            StoreKey::Review(_) => Kept::Reviews,
            StoreKey::Tournament(_)
            | StoreKey::TournamentIndex
            | StoreKey::TournamentHost(_)
            | StoreKey::TournamentFollow(_)
            | StoreKey::TournamentBoard(_) => Kept::Tournaments,
            StoreKey::TournamentSeat(_) => Kept::Seats,
            StoreKey::Probe | StoreKey::OldIndex => return None,
        })
    }
}

/// What a player keeps in the storage, by kind: the page says which of
/// their things a refused write did not keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kept {
    /// The saved games (and an online game's seat in its room).
    Games,
    /// The settings: theme, board, sound, language, online servers.
    Settings,
    /// Puzzle results and rating, the tutorial's progress.
    Learning,
    /// The computer's reviews of games.
    Reviews,
    /// Tournaments played here, organized or followed.
    Tournaments,
    /// A seat's secret key in an online tournament.
    Seats,
}

impl Kept {
    /// A stable token for tests and translations.
    pub const fn token(self) -> &'static str {
        match self {
            Kept::Games => "games",
            Kept::Settings => "settings",
            Kept::Learning => "learning",
            Kept::Reviews => "reviews",
            Kept::Tournaments => "tournaments",
            Kept::Seats => "seats",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key string, as players' browsers hold them: changing one here
    /// loses their data.
    #[test]
    fn every_key_string_is_pinned() {
        let s = String::from;
        let pinned = [
            (StoreKey::Game(s("abc")), "kharbga.game.abc"),
            (StoreKey::Aside(s("abc")), "kharbga.aside.abc"),
            (StoreKey::Current, "kharbga.current"),
            (StoreKey::OldIndex, "kharbga.index"),
            (StoreKey::Probe, "kharbga.probe"),
            (StoreKey::Prefs, "kharbga.prefs"),
            (StoreKey::Language, "kharbga.language"),
            (StoreKey::OnlineSettings, "kharbga.online"),
            (StoreKey::LearnProgress, "kharbga.learn"),
            (StoreKey::Puzzles, "kharbga.puzzles"),
            (
                StoreKey::Review(s("00ff00ff00ff00ff")),
                "kharbga.review.00ff00ff00ff00ff",
            ),
            (StoreKey::Tournament(s("t1")), "kharbga-tournament-t1"),
            (StoreKey::TournamentIndex, "kharbga-tournaments"),
            (
                StoreKey::TournamentHost(s("code")),
                "kharbga-tournament-host-code",
            ),
            (
                StoreKey::TournamentSeat(s("key")),
                "kharbga-tournament-seat-key",
            ),
            (
                StoreKey::TournamentFollow(s("key")),
                "kharbga-tournament-follow-key",
            ),
            (
                StoreKey::TournamentBoard(s("room")),
                "kharbga-tournament-board-room",
            ),
        ];
        for (key, string) in &pinned {
            assert_eq!(key.key(), *string);
            assert_eq!(StoreKey::parse(string).as_ref(), Some(key), "{string}");
        }
        // Every fixed key is pinned above.
        for fixed in StoreKey::FIXED {
            assert!(pinned.iter().any(|(k, _)| *k == fixed), "{fixed:?}");
        }
        assert_eq!(StoreKey::parse("other.site"), None);
        assert_eq!(StoreKey::parse("kharbga.unknown"), None);
    }
}
