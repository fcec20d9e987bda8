//! The player's preferences: the theme (the system's, light or dark), the
//! board's style (wood or stone) and sound. Kept in localStorage as a short
//! text (`theme=dark board=stone sound=off`), read as untrusted (anything
//! unknown is the default), and shown on `<html>` as `data-theme` and
//! `data-board` for the stylesheet.

use crate::store::{local, StoreKey};

/// The colour theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// Follow the system's light or dark setting.
    #[default]
    System,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

/// How the board and its soldiers look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BoardStyle {
    /// A carved wooden board, blue and pink soldiers.
    #[default]
    Wood,
    /// A stone board, dark and light soldiers.
    Stone,
}

/// Everything the player chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefs {
    /// The colour theme.
    pub theme: Theme,
    /// The board's style.
    pub board: BoardStyle,
    /// Sounds for plies and the end of a game.
    pub sound: bool,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            theme: Theme::System,
            board: BoardStyle::Wood,
            sound: true,
        }
    }
}

impl Theme {
    /// Its token: the stored value and `data-theme` (none for the system's).
    pub const fn token(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// Every theme, in the order offered.
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];
}

impl BoardStyle {
    /// Its token: the stored value and `data-board`.
    pub const fn token(self) -> &'static str {
        match self {
            BoardStyle::Wood => "wood",
            BoardStyle::Stone => "stone",
        }
    }

    /// Every style, in the order offered.
    pub const ALL: [BoardStyle; 2] = [BoardStyle::Wood, BoardStyle::Stone];
}

impl Prefs {
    /// The preferences a stored text describes.
    pub fn parse(text: &str) -> Prefs {
        let mut prefs = Prefs::default();
        for pair in text.split_whitespace() {
            match pair.split_once('=') {
                Some(("theme", v)) => {
                    if let Some(t) = Theme::ALL.into_iter().find(|t| t.token() == v) {
                        prefs.theme = t;
                    }
                }
                Some(("board", v)) => {
                    if let Some(b) = BoardStyle::ALL.into_iter().find(|b| b.token() == v) {
                        prefs.board = b;
                    }
                }
                Some(("sound", v)) => prefs.sound = v != "off",
                _ => {}
            }
        }
        prefs
    }

    /// The text to keep.
    pub fn to_text(self) -> String {
        format!(
            "theme={} board={} sound={}",
            self.theme.token(),
            self.board.token(),
            if self.sound { "on" } else { "off" }
        )
    }

    /// The saved preferences (the defaults when there are none).
    pub fn load() -> Prefs {
        // Without storage (a private window, a blocked site, off the
        // browser) the defaults serve.
        let text = local::works()
            .then(|| local::load(&StoreKey::Prefs))
            .flatten();
        Prefs::parse(text.as_deref().unwrap_or_default())
    }

    /// Keeps them and shows them on the page.
    pub fn save_and_apply(self) {
        // Written only when they differ from what a load gives (a page
        // that opens does not write: a full storage would refuse it).
        if local::works() && Prefs::load() != self {
            let _ = local::write(&StoreKey::Prefs, &self.to_text());
        }
        #[cfg(target_arch = "wasm32")]
        {
            if let Some(root) = leptos::prelude::document().document_element() {
                let _ = match self.theme {
                    Theme::System => root.remove_attribute("data-theme"),
                    theme => root.set_attribute("data-theme", theme.token()),
                };
                let _ = root.set_attribute("data-board", self.board.token());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preferences_round_trip_and_bad_text_gives_defaults() {
        let prefs = Prefs {
            theme: Theme::Dark,
            board: BoardStyle::Stone,
            sound: false,
        };
        assert_eq!(Prefs::parse(&prefs.to_text()), prefs);
        assert_eq!(Prefs::parse(""), Prefs::default());
        assert_eq!(
            Prefs::parse("theme=<b> board=marble sound=on junk"),
            Prefs::default()
        );
        assert_eq!(Prefs::parse("sound=off").theme, Theme::System);
        assert!(!Prefs::parse("sound=off").sound);
    }
}
