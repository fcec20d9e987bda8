//! Where online games connect: the signalling server and the STUN/TURN
//! servers. A build's defaults come from the environment at build time
//! (`KHARBGA_SIGNAL_URL`, `KHARBGA_ICE`: see `docs/online.md`); a player
//! may change them in the online form, and the choice is remembered.

use super::link::Endpoint;
use crate::net::room;
use crate::store::{local, StoreKey};

/// The signalling server a build uses unless told otherwise.
pub const DEFAULT_SERVER: &str = match option_env!("KHARBGA_SIGNAL_URL") {
    Some(url) => url,
    None => "ws://127.0.0.1:3536",
};

/// The STUN/TURN addresses a build uses (space-separated; none by default:
/// enough on one machine or one network).
pub const DEFAULT_ICE: &str = match option_env!("KHARBGA_ICE") {
    Some(ice) => ice,
    None => "",
};

/// The TURN user name and password a build gives its players (none by
/// default; see `docs/deploy.md`: a password in a static build is readable
/// by anyone, so a site gives it a time-limited one).
pub const DEFAULT_TURN_USER: &str = match option_env!("KHARBGA_TURN_USER") {
    Some(user) => user,
    None => "",
};
/// See [`DEFAULT_TURN_USER`].
pub const DEFAULT_TURN_CREDENTIAL: &str = match option_env!("KHARBGA_TURN_CREDENTIAL") {
    Some(credential) => credential,
    None => "",
};

/// The online settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineSettings {
    /// The signalling server (`ws://` or `wss://`).
    pub server: String,
    /// STUN/TURN addresses, separated by spaces.
    pub ice: String,
    /// TURN user name.
    pub username: String,
    /// TURN credential.
    pub credential: String,
}

impl Default for OnlineSettings {
    fn default() -> Self {
        OnlineSettings {
            server: DEFAULT_SERVER.to_owned(),
            ice: DEFAULT_ICE.to_owned(),
            username: DEFAULT_TURN_USER.to_owned(),
            credential: DEFAULT_TURN_CREDENTIAL.to_owned(),
        }
    }
}

impl OnlineSettings {
    /// The saved settings (the defaults when none, or when they are not valid).
    pub fn load() -> OnlineSettings {
        // Without storage (a private window, a blocked site, off the
        // browser) the defaults serve.
        local::works()
            .then(|| local::load(&StoreKey::OnlineSettings))
            .flatten()
            .and_then(|text| OnlineSettings::from_text(&text))
            .unwrap_or_default()
    }

    /// Remembers these settings.
    pub fn save(&self) {
        if local::works() {
            let _ = local::write(&StoreKey::OnlineSettings, &self.to_text());
        }
    }

    /// As stored: one `key value` line each.
    pub fn to_text(&self) -> String {
        format!(
            "server {}\nice {}\nusername {}\ncredential {}\n",
            self.server, self.ice, self.username, self.credential
        )
    }

    /// Read back; `None` when not valid (the defaults are used then).
    pub fn from_text(text: &str) -> Option<OnlineSettings> {
        let mut settings = OnlineSettings::default();
        for line in text.lines() {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let value = value.trim().to_owned();
            match key {
                "server" => settings.server = value,
                "ice" => settings.ice = value,
                "username" => settings.username = value,
                "credential" => settings.credential = value,
                _ => return None,
            }
        }
        settings.is_valid().then_some(settings)
    }

    /// True when the server is a WebSocket address and every ICE address
    /// is a STUN or TURN one.
    pub fn is_valid(&self) -> bool {
        room::is_server_url(&self.server)
            && self.ice.split_whitespace().all(|url| {
                ["stun:", "stuns:", "turn:", "turns:"]
                    .iter()
                    .any(|p| url.starts_with(p))
            })
    }

    /// The endpoint for the room `url` on this server.
    pub fn endpoint(&self, url: String) -> Endpoint {
        let optional = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_owned());
        Endpoint {
            url,
            ice: self.ice.split_whitespace().map(str::to_owned).collect(),
            username: optional(&self.username),
            credential: optional(&self.credential),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_checked() {
        let mut s = OnlineSettings::default();
        assert!(s.is_valid());
        s.ice = "stun:stun.example.org:3478 turn:turn.example.org".into();
        assert!(s.is_valid());
        let endpoint = s.endpoint("ws://x/r".into());
        assert_eq!(endpoint.ice.len(), 2);
        assert_eq!(endpoint.username, None);
        s.ice = "http://nope".into();
        assert!(!s.is_valid());
        s.ice = "stun:a.example turn:b.example".into();
        s.username = "u".into();
        assert_eq!(OnlineSettings::from_text(&s.to_text()), Some(s.clone()));
        s.ice.clear();
        s.server = "http://127.0.0.1".into();
        assert!(!s.is_valid());
        assert_eq!(OnlineSettings::from_text(&s.to_text()), None);
        assert_eq!(OnlineSettings::from_text("nonsense"), None);
    }
}

/// The connection settings: the signalling server and the STUN/TURN
/// servers, checked, remembered when saved.
#[leptos::component]
pub fn SettingsForm() -> impl leptos::IntoView {
    use crate::app::i18n::tr_text;
    use crate::tr;
    use leptos::prelude::*;
    let saved = OnlineSettings::load();
    let server = RwSignal::new(saved.server);
    let ice = RwSignal::new(saved.ice);
    let username = RwSignal::new(saved.username);
    let credential = RwSignal::new(saved.credential);
    let outcome = RwSignal::new(None::<bool>);
    let save = move |_| {
        let settings = OnlineSettings {
            server: server.get_untracked().trim().to_owned(),
            ice: ice.get_untracked().trim().to_owned(),
            username: username.get_untracked().trim().to_owned(),
            credential: credential.get_untracked().trim().to_owned(),
        };
        let valid = settings.is_valid();
        if valid {
            settings.save();
        }
        outcome.set(Some(valid));
    };
    let reset = move |_| {
        let defaults = OnlineSettings::default();
        server.set(defaults.server.clone());
        ice.set(defaults.ice.clone());
        username.set(String::new());
        credential.set(String::new());
        defaults.save();
        outcome.set(Some(true));
    };
    let field = move |id: &'static str, label: fn() -> String, value: RwSignal<String>| {
        view! {
            <label class="field" for=id>
                <span>{tr_text(label)}</span>
                <input id=id type="text" dir="ltr" autocomplete="off" spellcheck="false" data-testid=id
                    prop:value=move || value.get()
                    on:input=move |event| { value.set(event_target_value(&event)); outcome.set(None); }/>
            </label>
        }
    };
    view! {
        <details class="online-settings" data-testid="online-settings">
            <summary>{tr_text(|| tr!("online-settings"))}</summary>
            {field("settings-server", || tr!("online-settings-server"), server)}
            {field("settings-ice", || tr!("online-settings-ice"), ice)}
            {field("settings-username", || tr!("online-settings-username"), username)}
            {field("settings-credential", || tr!("online-settings-credential"), credential)}
            <p class="actions">
                <button type="button" data-testid="settings-save" on:click=save>{tr_text(|| tr!("online-settings-save"))}</button>
                <button type="button" class="link" data-testid="settings-reset" on:click=reset>{tr_text(|| tr!("online-settings-reset"))}</button>
            </p>
            {move || outcome.get().map(|ok| view! {
                <p class=if ok { "notice" } else { "notice warning" } data-testid="settings-outcome" role="status">
                    {move || if ok { tr!("online-settings-saved") } else { tr!("online-settings-invalid") }}
                </p>
            })}
        </details>
    }
}
