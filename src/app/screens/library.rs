//! The library screen: every saved game (date, game, players, result,
//! length), continue, replay, rename, delete with undo, export and import.

use crate::tr;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;

use crate::app::i18n::tr_text;

use crate::app::i18n::errors::record_error;
use crate::app::play::{Match, Session};
use crate::app::route::Route;
use crate::app::services::browser::{copy_to_clipboard, display_date, download, fresh_id, now_ms};
use crate::app::services::storage::Saves;
use crate::engine::{Record, RecordError};
use crate::store::{SavedGame, Summary};

/// How long a deleted game can be brought back.
const UNDO_MS: u32 = 6_000;

/// The library; `on_continue` resumes a game, `on_replay` opens one in the
/// replay viewer (turned as it was saved).
#[component]
pub fn LibraryScreen(
    on_continue: Callback<(Match, Session)>,
    on_replay: Callback<(Record, bool)>,
) -> impl IntoView {
    let saves = expect_context::<Saves>();
    let games = Memo::new(move |_| {
        saves.version.track();
        saves.library.with_value(|l| l.games().to_vec())
    });
    let deleted = RwSignal::new(None::<SavedGame>);
    let renaming = RwSignal::new(None::<(String, String)>);
    let copied = RwSignal::new(None::<String>);
    let import_text = RwSignal::new(String::new());
    let import_error = RwSignal::new(None::<RecordError>);
    // The undo offer's timer: the screen's, gone with it.
    let undo_timer = StoredValue::new_local(None::<Timeout>);
    let imported = RwSignal::new(false);
    let tournaments = tournament_index();

    let load = move |id: &str| saves.update(|l| Ok(l.load(id))).flatten();
    let continue_game = move |id: String| {
        if let Some((saved, record)) = load(&id) {
            on_continue.run(Session::from_saved(&saved, record));
        }
    };
    let replay = move |id: String| {
        if let Some((saved, record)) = load(&id) {
            on_replay.run((record, saved.flipped));
        }
    };
    let delete = move |id: String| {
        let Some(Some(game)) = saves.update(|l| l.delete(&id)) else {
            return;
        };
        deleted.set(Some(game));
        let timeout = Timeout::new(UNDO_MS, move || deleted.set(None));
        undo_timer.set_value(Some(timeout));
    };
    let undo_delete = move || {
        if let Some(game) = deleted.get_untracked() {
            saves.update(|l| l.save(&game));
            deleted.set(None);
            undo_timer.set_value(None);
        }
    };
    let export = move |id: String, to_clipboard: bool| {
        if let Some((saved, _)) = load(&id) {
            if to_clipboard {
                copy_to_clipboard(&saved.record);
                copied.set(Some(id));
            } else {
                download(&format!("kharbga-{id}.txt"), &saved.record);
            }
        }
    };
    let import = move |text: String| {
        imported.set(false);
        match Record::from_text(&text) {
            Ok(record) => {
                import_error.set(None);
                let entry = SavedGame::new(fresh_id(), now_ms(), &record);
                saves.update(|l| l.save(&entry));
                import_text.set(String::new());
                imported.set(true);
            }
            Err(e) => import_error.set(Some(e)),
        }
    };
    let on_file = move |event: leptos::ev::Event| {
        use leptos::wasm_bindgen::JsCast;
        let file = event
            .target()
            .and_then(|t| t.dyn_into::<leptos::web_sys::HtmlInputElement>().ok())
            .and_then(|input| input.files())
            .and_then(|files| files.get(0));
        if let Some(file) = file {
            // The reading belongs to the screen: cancelled if the screen goes first.
            leptos::task::spawn_local_scoped_with_cancellation(async move {
                #[cfg(target_arch = "wasm32")]
                {
                    let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
                    if let Some(text) = text.ok().and_then(|t| t.as_string()) {
                        import_text.set(text.clone());
                        import(text);
                    }
                }
                #[cfg(not(target_arch = "wasm32"))]
                let _ = file;
            });
        }
    };

    // One handler for every row's buttons: each names its action, its row
    // names the game (one listener for the list, whatever its length).
    let on_action = move |event: leptos::ev::MouseEvent| {
        use leptos::wasm_bindgen::JsCast;
        let Some(button) = event
            .target()
            .and_then(|t| t.dyn_into::<leptos::web_sys::Element>().ok())
            .and_then(|e| e.closest("button[data-action]").ok().flatten())
        else {
            return;
        };
        let id = button
            .closest("[data-id]")
            .ok()
            .flatten()
            .and_then(|row| row.get_attribute("data-id"));
        let (Some(action), Some(id)) = (button.get_attribute("data-action"), id) else {
            return;
        };
        match action.as_str() {
            "continue" => continue_game(id),
            "replay" => replay(id),
            "rename" => {
                let title = games.with_untracked(|g| {
                    g.iter().find(|s| s.id == id).map(|s| {
                        s.title
                            .clone()
                            .unwrap_or_else(|| game_title(&s.first, &s.second))
                    })
                });
                renaming.set(title.map(|t| (id, t)));
            }
            "export" => export(id, false),
            "copy" => export(id, true),
            "delete" => delete(id),
            _ => {}
        }
    };

    let row = move |game: Summary| {
        let id = game.id.clone();
        let name = game
            .title
            .clone()
            .unwrap_or_else(|| game_title(&game.first, &game.second));
        let finished = game.result != "*";
        let result = match game.result.as_str() {
            "1-0" => tr!("library-result-won", { "name" => game.first.clone() }),
            "0-1" => tr!("library-result-won", { "name" => game.second.clone() }),
            "1/2-1/2" => tr!("library-result-draw"),
            _ => tr!("library-result-unfinished"),
        };
        let variant = game.variant.clone();
        let updated = game.updated;
        let plies = game.plies;
        let this_row = id.clone();
        let copied_id = id.clone();
        view! {
            <li class="library-game" data-testid="library-game" data-id=id.clone() data-result=game.result.clone()>
                {move || match renaming.get() {
                    Some((rid, text)) if rid == this_row => {
                        let save_id = rid.clone();
                        view! {
                            <form class="rename" on:submit=move |ev: leptos::ev::SubmitEvent| {
                                ev.prevent_default();
                                let title = renaming.get_untracked().map(|(_, t)| t.trim().to_owned());
                                saves.update(|l| l.rename(&save_id, title));
                                renaming.set(None);
                            }>
                                <input type="text" maxlength="60" dir="auto" data-testid="rename-input" prop:value=text
                                    aria-label=move || tr!("library-rename")
                                    on:input=move |ev| {
                                        let value = event_target_value(&ev);
                                        renaming.update(|r| if let Some((_, t)) = r { *t = value; });
                                    }/>
                                <button type="submit" data-testid="rename-save">{tr_text(|| tr!("library-rename-save"))}</button>
                            </form>
                        }.into_any()
                    }
                    _ => view! { <h3 data-testid="game-name" dir="auto">{name.clone()}</h3> }.into_any(),
                }}
                <p class="game-facts">
                    <span>{move || tr!("variant-name", { "variant" => variant.clone() })}</span>
                    " · "
                    <span>{move || display_date(updated, crate::app::i18n::language_id())}</span>
                    " · "
                    <span data-testid="game-result">{result}</span>
                    " · "
                    <span>{move || tr!("library-plies", { "n" => plies })}</span>
                    {game.seats.computer().map(|_| view! { " · " <span>{tr_text(|| tr!("library-against-computer"))}</span> })}
                    {game.seats.is_online().then(|| view! { " · " <span data-testid="game-online">{tr_text(|| tr!("library-online"))}</span> })}
                </p>
                <div class="controls">
                    {(!finished).then(|| action("continue", "primary", || tr!("library-continue")))}
                    {action("replay", "", || tr!("library-replay"))}
                    {action("rename", "", || tr!("library-rename"))}
                    {action("export", "", || tr!("library-export"))}
                    <button type="button" data-action="copy" data-testid="library-copy">
                        {move || if copied.get().as_deref() == Some(copied_id.as_str()) { tr!("library-copied") } else { tr!("library-copy") }}
                    </button>
                    {action("delete", "danger", || tr!("library-delete"))}
                </div>
            </li>
        }
    };

    view! {
        <section class="panel library" data-testid="library">
            <h2>{tr_text(|| tr!("library-title"))}</h2>
            {move || deleted.get().map(|game| {
                let name = game.title.clone().unwrap_or_else(|| game_title(&game.first, &game.second));
                view! {
                    <p class="notice" role="status" data-testid="deleted-notice">
                        {tr!("library-deleted", { "name" => name })}
                        <button type="button" class="link" data-testid="undo-delete" on:click=move |_| undo_delete()>
                            {tr_text(|| tr!("library-undo"))}
                        </button>
                    </p>
                }
            })}
            {move || games.with(Vec::is_empty).then(|| view! { <p data-testid="library-empty">{tr_text(|| tr!("library-empty"))}</p> })}
            <ul class="library-games" on:click=on_action>
                {move || games.get().into_iter().map(row).collect_view()}
            </ul>
            {(!tournaments.is_empty()).then(|| view! {
                <h3>{tr_text(|| tr!("nav-tournaments"))}</h3>
                <ul class="library-tournaments">
                    {tournaments.lines().filter_map(|line| line.split_once('\t')).map(|(id, name)| view! {
                        <li><a href=Route::Tournament(format!("/{id}")).url()><bdi>{name.to_owned()}</bdi></a></li>
                    }).collect_view()}
                </ul>
            })}
            <form class="import" data-testid="import-form" on:submit=move |ev: leptos::ev::SubmitEvent| {
                ev.prevent_default();
                import(import_text.get_untracked());
            }>
                <h3>{tr_text(|| tr!("library-import-title"))}</h3>
                <label class="field wide" for="import-text">
                    <span>{tr_text(|| tr!("library-import-paste"))}</span>
                    <textarea id="import-text" rows="6" spellcheck="false" dir="ltr" data-testid="import-text"
                        prop:value=move || import_text.get()
                        on:input=move |ev| import_text.set(event_target_value(&ev))></textarea>
                </label>
                // The browser's own file button speaks the browser's
                // language: this one has the app's look and the player's.
                <label class="file-button" for="import-file" data-testid="import-file-button">
                    <input id="import-file" class="visually-hidden" type="file" accept=".txt,.pgn,text/plain" data-testid="import-file" on:change=on_file/>
                    {tr_text(|| tr!("library-import-file"))}
                </label>
                {move || import_error.get().map(|e| view! { <p class="notice forbidden" role="alert" data-testid="import-error">{move || record_error(&e)}</p> })}
                {move || imported.get().then(|| view! { <p class="notice" role="status" data-testid="imported">{tr_text(|| tr!("library-imported"))}</p> })}
                <button type="submit" class="primary" data-testid="import-button">{tr_text(|| tr!("library-import-button"))}</button>
            </form>
        </section>
    }
}

/// The index of the saved tournaments that the tournament page keeps (a
/// line each, newest first: the id, a tab, the name).
fn tournament_index() -> String {
    crate::store::local::load(&crate::store::StoreKey::TournamentIndex).unwrap_or_default()
}

/// A game's name from its players.
fn game_title(first: &str, second: &str) -> String {
    tr!("library-game-title", { "first" => first.to_owned(), "second" => second.to_owned() })
}

/// A row's button: its action (`data-action`), its look, its label.
fn action(name: &'static str, class: &'static str, label: fn() -> String) -> impl IntoView {
    view! {
        <button type="button" class=class data-action=name data-testid=format!("library-{name}")>
            {tr_text(label)}
        </button>
    }
}
