//! The page's long-lived services, provided at the `App` root: saved games
//! ([`storage`]), the computer player ([`computer`]), and the small things
//! asked of the browser ([`browser`]). Online play will add the network here.

pub mod browser;
pub mod computer;
pub mod prefs;
pub mod sound;
pub mod storage;
