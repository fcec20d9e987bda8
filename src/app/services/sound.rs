//! Sounds for plies and the end of a game, tones the page renders itself
//! (`sound.js`: no files to download, played by audio elements): a soft
//! knock for a soldier set, a slide for a step, a sharper double knock for
//! a capture, a chime for an exchange and a short phrase at the end, two
//! beeps when a clock gets low. Nothing sounds before the player's first
//! gesture on the page (the browser's user activation), nor when muted.

use crate::engine::{PlayedPly, Ply};

/// What a ply sounds like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A soldier set.
    Place,
    /// A step that took nothing.
    Step,
    /// A step that captured.
    Capture,
    /// An exchange step (or the exchange completed).
    Exchange,
    /// The game ended.
    End,
    /// A player's clock got low (a timed game): two short beeps.
    Low,
}

impl Sound {
    /// The sound of `played`; `over` when the game ended with it.
    pub fn of(played: &PlayedPly, over: bool) -> Sound {
        let effects = &played.effects;
        if over {
            Sound::End
        } else if effects.exchange.is_some() {
            Sound::Exchange
        } else if (effects.captured | effects.removed).any() {
            Sound::Capture
        } else if matches!(played.ply, Ply::Place(_)) {
            Sound::Place
        } else {
            Sound::Step
        }
    }

    /// Its index in the page's sound table (`sound.js`).
    const fn index(self) -> u32 {
        match self {
            Sound::Place => 0,
            Sound::Step => 1,
            Sound::Capture => 2,
            Sound::Exchange => 3,
            Sound::End => 4,
            Sound::Low => 5,
        }
    }
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(module = "/src/web/sound.js")]
extern "C" {
    #[wasm_bindgen(js_name = playSound)]
    fn play_sound(index: u32);
}

/// Plays `sound`, unless the player turned sound off.
pub fn play(sound: Sound) {
    use leptos::prelude::{use_context, RwSignal, WithUntracked};
    let on = use_context::<RwSignal<super::prefs::Prefs>>()
        .is_none_or(|p| p.try_with_untracked(|p| p.sound).unwrap_or(false));
    #[cfg(target_arch = "wasm32")]
    if on {
        play_sound(sound.index());
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (on, sound.index());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Position, Rules};

    #[test]
    fn each_kind_of_ply_has_its_sound() {
        let mut game = Game::new(Rules::kharbga());
        let placed = *game.play_text("a1").unwrap();
        assert_eq!(Sound::of(&placed, false), Sound::Place);
        assert_eq!(Sound::of(&placed, true), Sound::End);
        let start = "SSSSSSS/sssSsss/SSSsSSS/sSs1sSs/sSsSsss/SssssSs/SsSSSss w 0,0 - - 0 13 f";
        let mut game = Game::from_position(Position::from_text(start, Rules::kharbga()).unwrap());
        let capture = *game.play_text("d3-d4").unwrap();
        assert_eq!(Sound::of(&capture, false), Sound::Capture);
        let mut game = Game::from_position(
            Position::from_text("7/7/7/7/7/7/1S4s w 0,0 - - 0 30 -", Rules::kharbga()).unwrap(),
        );
        let step = *game.play_text("b1-c1").unwrap();
        assert_eq!(Sound::of(&step, false), Sound::Step);
    }
}
