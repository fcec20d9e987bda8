//! The notices under the top bar that few pages ever show — a link that
//! cannot be read or taken, the storage's (a game set aside, a newer
//! version's save, a full storage, a write refused) — with their words and
//! buttons in a chunk of their own ([`super::lazy::notices`]), fetched
//! only when there is one to show: the first page is the lighter for it.

use leptos::prelude::*;

use crate::app::i18n::errors::{load_error, share_error};
use crate::app::i18n::tr_text;
use crate::app::page::{ByLinkError, Screen};
use crate::app::services::storage::{SaveNotice, Saves};
use crate::net::table::Warning;
use crate::store::share::ShareError;
use crate::store::Kept;
use crate::tr;

/// What the notices read and write (the shell's).
#[derive(Clone, Copy)]
pub struct Notices {
    /// The page's library and its notices.
    pub saves: Saves,
    /// The screen shown (a full storage's notice opens the library).
    pub screen: RwSignal<Screen>,
    /// A game link in the address that could not be read.
    pub link_error: RwSignal<Option<ShareError>>,
    /// A game sent by link that this page could not take.
    pub by_link_error: RwSignal<Option<ByLinkError>>,
    /// The page's words for a refused game (the online page's).
    pub warning: Callback<Warning, String>,
}

/// The words of `notice` in the page's language.
fn notice_text(notice: &SaveNotice) -> String {
    match notice {
        SaveNotice::SetAside {
            reason,
            players,
            remaining,
        } => match players {
            Some((first, second)) => tr!("save-set-aside-named", {
                "first" => first.clone(),
                "second" => second.clone(),
                "remaining" => *remaining,
                "reason" => load_error(reason),
            }),
            None => tr!("save-set-aside-unnamed", {
                "remaining" => *remaining,
                "reason" => load_error(reason),
            }),
        },
        SaveNotice::Newer => tr!("save-newer"),
        SaveNotice::Full | SaveNotice::NotKept(Kept::Games) => tr!("save-full"),
        SaveNotice::FullAtOpen => tr!("save-full-at-open"),
        SaveNotice::NotKept(Kept::Settings) => tr!("save-not-kept-settings"),
        SaveNotice::NotKept(Kept::Learning) => tr!("save-not-kept-learning"),
        SaveNotice::NotKept(Kept::Reviews) => tr!("save-not-kept-reviews"),
        SaveNotice::NotKept(Kept::Tournaments) => tr!("save-not-kept-tournaments"),
        SaveNotice::NotKept(Kept::Seats) => tr!("save-not-kept-seats"),
        SaveNotice::Refused => tr!("save-refused"),
    }
}

/// The notices, each with a way to dismiss it and, where room is what is
/// missing, the library a button away.
#[component]
pub fn RareNotices(notices: Notices) -> impl IntoView {
    let Notices {
        saves,
        screen,
        link_error,
        by_link_error,
        warning,
    } = notices;
    let link = move || {
        link_error.get().map(|e| {
            let text = move || match &e {
                ShareError::Newer(v) => tr!("link-newer", { "version" => *v }),
                other => tr!("link-bad", { "error" => share_error(other) }),
            };
            view! {
                <p class="notice warning" data-testid="link-error">{text}
                    <button type="button" class="link" on:click=move |_| link_error.set(None)>{tr_text(|| tr!("notice-dismiss"))}</button>
                </p>
            }
        })
    };
    let by_link = move || {
        by_link_error.get().map(|e| {
            let text = move || match &e {
                ByLinkError::Share(ShareError::Newer(v)) => tr!("link-newer", { "version" => *v }),
                ByLinkError::Share(other) => tr!("link-bad", { "error" => share_error(other) }),
                ByLinkError::Refused(w) => warning.run(w.clone()),
                ByLinkError::EarlierGame => tr!("online-earlier-game"),
                ByLinkError::EarlierLink => tr!("online-earlier-link"),
            };
            view! {
                <p class="notice warning" data-testid="by-link-error">{text}
                    <button type="button" class="link" on:click=move |_| by_link_error.set(None)>{tr_text(|| tr!("notice-dismiss"))}</button>
                </p>
            }
        })
    };
    let stored = move || {
        saves
            .notices
            .get()
            .into_iter()
            .map(|notice| {
                let kind = notice.token();
                let dismiss = notice.clone();
                let room = notice.wants_room().then(|| {
                    view! {
                        <button type="button" class="link" on:click=move |_| screen.set(Screen::Library)>
                            {tr_text(|| tr!("save-open-library"))}
                        </button>
                    }
                });
                view! {
                    <p class="notice warning" data-testid=format!("save-notice-{kind}")>
                        {move || notice_text(&notice)}
                        {room}
                        <button type="button" class="link"
                            on:click=move |_| saves.notices.update(|l| l.retain(|n| *n != dismiss))>
                            {tr_text(|| tr!("notice-dismiss"))}
                        </button>
                    </p>
                }
            })
            .collect_view()
    };
    view! { {link} {by_link} {stored} }
}
