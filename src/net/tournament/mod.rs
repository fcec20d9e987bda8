//! Online tournaments, sans-IO: what the organizer's page and every other
//! page of a tournament say to each other, and what each believes.
//!
//! **The topology is a star.** A matchbox room is a full mesh (every page
//! connects to every other: 32 pages would hold 496 connections), so a
//! tournament does not put its pages in one room. The organizer's page is
//! the hub: it is in the *lobby* (the room of [`lobby_room`], the one the
//! link names), where newcomers and spectators meet it, and in one private
//! room per player ([`member_room`], named by both keys), where that
//! player's page meets it alone. A player's page is connected to the
//! organizer only (one connection, plus its board's game room while it
//! plays); the organizer holds one per player, plus the lobby's visitors.
//! Nothing is relayed page to page: the organizer sends its signed state to
//! each page itself.
//!
//! **Trust.** The link carries the organizer's public key. Every message
//! but a [`Body::Hello`] is signed by its sender's key, over the
//! tournament, the sender, a number that only grows and the message
//! ([`signed_bytes`]): a page believes the state only from the organizer's
//! key, and the organizer believes an entry, a report or a withdrawal only
//! from the player's own key, never twice (a replayed message is refused by
//! its number). Anyone else in a room can say anything and change nothing.
//!
//! **Results.** Both players of a board report its result, each signing it
//! with the game's record. The organizer checks every report against its
//! own engine (the record replays to an end, under the tournament's rules,
//! and that end is the result reported) and takes a result when the two
//! players' reports agree, or at once when a player reports its own loss.
//! Reports that disagree leave the board *disputed* for the organizer to
//! decide. A report names the board's room, and its record must be the
//! game of that board: between its two players, on their sides (a rematch
//! in the same room has them swapped, and is refused). A player who leaves
//! (a signed [`Body::Leave`]) is withdrawn.
//!
//! **Freshness.** A state the organizer sends to one page (the answer to
//! its hello, or its welcome on arrival) is addressed to that page's peer
//! id, which the signalling server gave it for this connection; states
//! sent to every page are addressed to nobody (`-`). A page believes its
//! first state after it opened only when it is addressed to one of its
//! own peer ids, and after that only newer ones: a genuine old state,
//! replayed by someone who kept it, is never shown. A page without a fresh
//! state asks again ([`Follower::ask`], with a backoff); the organizer
//! answers each peer's hello at most once every [`HELLO_EVERY_MS`], so a
//! flooding connection costs the hellos' shared allowance almost nothing.
//!
//! **Files.** The messages as sent ([`wire`], in the
//! [envelope](crate::net::envelope) a game's messages share), the state
//! every page sees and its text ([`state`]), the organizer's referee
//! ([`organizer`]) and its page's controller, which says what goes to which
//! room ([`hub`]), every other page ([`follower`]) and what it shows of its
//! own player and sends after each state ([`page`]); what they make public
//! is here.

use crate::engine::{BoardSize, Game, Record, Rules, Side};
use crate::tournament::Score;

mod follower;
mod hub;
mod organizer;
mod page;
mod state;
mod wire;

pub use follower::{Follower, Heard, Standing, ASK_AT_MOST_MS, ASK_FIRST_MS};
pub use hub::{Hub, HubOut};
pub use organizer::{Organizer, Reply, HELLO_EVERY_MS};
pub use page::{MyBoard, Place};
pub use state::{board_key, BoardRoom, Report, State, StateError};
pub use wire::{
    board_bytes, decode, encode, lobby_room, member_room, seal, signed_bytes, Body, Envelope,
    Refusal, EVERYONE, MAX_TOURNAMENT_MESSAGE, TOURNAMENT_PROTOCOL,
};

/// The record of a Seega 5×5 game between `first` and `second` that ends,
/// after one ply, as `score` says from the first side's view (agreed drawn
/// for any score but a win). Made for tests: the unit tests of the pages
/// and the native tests report such games, and it is written once here.
#[doc(hidden)]
#[must_use]
pub fn ended_record(score: Score, (first, second): (&str, &str)) -> String {
    let mut game = Game::new(Rules::seega(BoardSize::Five));
    game.play_text("a1").expect("a1 opens a Seega game");
    match score {
        Score::FirstWins => game.resign(Side::Second),
        Score::SecondWins => game.resign(Side::First),
        _ => game.agree_draw(),
    }
    .expect("a game under way can end");
    let mut record = Record::new(game);
    record.first = first.to_owned();
    record.second = second.to_owned();
    record.to_text()
}
