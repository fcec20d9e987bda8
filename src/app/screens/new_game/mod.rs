//! The new-game screen: views over the headless [`form::Form`] (the game,
//! the mode, the players, the clock and the rule options, each variant's
//! defaults filled in), one `RwSignal<Form>` that each part reads and
//! changes through the form's own methods (what shows or hides a part is
//! a [`flag`](super::forms::flag): only its change rebuilds the part). The
//! parts: the mode and the computer's options, the names ([`players`]), the
//! clock ([`clock`]), the rule options and the position to start from
//! ([`rules`]).

pub mod form;

mod clock;
mod players;
mod rules;

use crate::tr;
use leptos::prelude::*;

use self::form::{Form, Mode, Names};
use crate::ai::Level;
use crate::app::i18n::tokens::side_key;
use crate::app::i18n::tr_text;
use crate::app::page::OnlineChoices;
use crate::app::play::Match;
use crate::app::staging::{self, Staged};
use crate::engine::{Game, Rules, Side, Variant};

/// The names the form does not ask for, in the page's language.
struct PageNames;

impl Names for PageNames {
    fn player(&self, variant: Variant, side: Side) -> String {
        tr!("player-default", { "side" => side_key(variant, side) })
    }

    fn computer(&self, level: Level) -> String {
        computer_name(level)
    }
}

/// The new-game form; `on_start` receives the chosen match and the game to
/// start from (the empty board, or a pasted position string).
#[component]
pub fn NewGame(
    #[prop(optional)] previous: Option<Match>,
    /// A position string to start from (the board editor's).
    #[prop(optional_no_strip)]
    position: Option<String>,
    on_start: Callback<(Match, Game)>,
    /// The online options (the online page's: the others send a player
    /// who picks online play there).
    #[prop(optional_no_strip)]
    online_choices: Option<OnlineChoices>,
) -> impl IntoView {
    let previous = previous.unwrap_or_else(|| Match::local(Rules::kharbga()));
    let form = RwSignal::new(Form::new(&previous, position, online_choices.is_some()));
    // The online options read and set the form: a context value of it.
    provide_context(form);
    let variant = move || form.read().rules.variant;
    let start = move |event: leptos::ev::SubmitEvent| {
        event.prevent_default();
        let draw = || online_choices.map_or(Side::First, |choices| (choices.draw)());
        let started = form.try_update(|f| f.submit(&PageNames, draw)).flatten();
        if let Some(started) = started {
            on_start.run(started);
        }
    };
    view! {
        <form class="panel new-game" data-testid="new-game-form" on:submit=start>
            <h2>{tr_text(|| tr!("newgame-title"))}</h2>
            // The game chosen, in a sentence.
            <p class="tagline">{move || tr!("app-tagline", { "game" => family_token(variant()) })}</p>
            <fieldset>
                <legend>{tr_text(|| tr!("newgame-game"))}</legend>
                <super::forms::VariantRadios name="variant" testid="variant" value=Signal::derive(variant)
                    on_change=Callback::new(move |v| form.update(|f| f.set_variant(v)))/>
            </fieldset>
            <players::ModeOptions form=form online_choices=online_choices/>
            // (Behind the page's copy of this screen, a task each.)
            <Staged step=staging::PARTS>
                <clock::ClockPicker form=form/>
                <players::PlayerNames form=form/>
            </Staged>
            <Staged step=staging::LAST>
                <rules::RuleOptions form=form/>
                <button type="submit" class="primary start" data-testid="start">
                    {move || if form.read().mode == Mode::Online { tr!("online-create") } else { tr!("newgame-start") }}
                </button>
            </Staged>
        </form>
    }
}

/// What the tagline selects on: Kharbga, Seega (each size) or Kharbaga.
fn family_token(variant: Variant) -> &'static str {
    match variant {
        Variant::Kharbga => "kharbga",
        Variant::Seega(_) => "seega",
        Variant::Kharbaga => "kharbaga",
    }
}

/// The computer's name in the page's language, with its level.
pub fn computer_name(level: Level) -> String {
    let level = match level {
        Level::Search(n) => n,
        _ => 0,
    };
    // A name, kept in the record: no isolation marks.
    crate::app::i18n::as_data(tr!("computer-name", { "level" => level }))
}
