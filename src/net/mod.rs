//! Online play, without the network: the protocol two pages speak over
//! their data channel ([`message`]), the referee each page runs over it
//! ([`table`]) and the room's link ([`room`]). The page owns the socket
//! (matchbox, loaded when an online game starts) and feeds what it receives
//! to a [`table::Table`]; everything here is native and tested natively.
//! `docs/online.md` tells the whole flow.

pub mod message;
pub mod room;
pub mod table;
