//! The game protocol's version, and the purpose every signature of it
//! names. A seat signs its presence, its messages, a guest's seat, a join
//! and a game sent by link, each under a purpose that says the protocol it
//! belongs to (`kharbga/4 message`, `kharbga/4 hello`, …): a signature made
//! for another version of the protocol is worth nothing in this one, so a
//! page of an older version cannot have its words taken here, nor a word
//! of this version be shown to an older page as its own.

/// The protocol version this build speaks.
pub const PROTOCOL: u32 = 4;

/// The purpose named first in the text a seat signs for `what` (`hello`,
/// `message`, `seat`, `join`, `link`): the protocol and its version, then
/// `what`.
pub fn purpose(what: &str) -> String {
    format!("kharbga/{PROTOCOL} {what}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_purpose_names_this_version() {
        for what in ["hello", "message", "seat", "join", "link"] {
            assert_eq!(purpose(what), format!("kharbga/4 {what}"));
        }
    }
}
