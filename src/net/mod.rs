//! Online play, without the network: the protocol two pages speak over
//! their data channel ([`message`], in the [`envelope`] a tournament's
//! messages share), the referee each page runs over it
//! ([`table`]), what a record from the other page may add to this one
//! ([`merge`]), the allowances nobody can reset ([`limits`]), names and chat
//! cleaned of what could disguise them ([`text`]), the room's code
//! ([`code`]) and its links ([`room`]). The page owns the socket (matchbox, loaded when an
//! online game starts) and feeds what it receives to a [`table::Table`];
//! everything here is native and tested natively. `docs/online.md` tells
//! the whole flow and its trust model.

pub mod code;
pub mod envelope;
pub mod identity;
pub mod limits;
pub mod merge;
pub mod message;
pub mod protocol;
pub mod room;
pub mod table;
pub mod text;
pub mod tournament;
