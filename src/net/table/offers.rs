//! What the players say between plies: a resignation, offers of a draw,
//! a takeback or a rematch and their answers, and chat.

use super::admission::Kind;
use super::{Event, Table, Warning};
use crate::engine::{Game, Millis, Side};
use crate::net::merge::takeback_point;
use crate::net::message::{Message, Offer, MAX_CHAT};
use crate::net::text::strip_text;

impl Table {
    /// This page's player resigns.
    pub fn resign(&mut self) -> Vec<Event> {
        let Some(side) = self.side() else {
            return Vec::new();
        };
        if self.game.resign(side).is_err() {
            return Vec::new();
        }
        // Its whole game too: a page that watches and is behind, or that
        // heard the other's ply first, can still match it to the other's.
        let events = vec![
            Event::Broadcast(Message::Resign),
            self.said_to_all(),
            Event::Changed,
        ];
        self.with_changes(events)
    }

    /// True when `offer` makes sense now (about a game of `plies` plies).
    fn offer_fits(&self, offer: Offer, plies: u32) -> bool {
        let over = self.game.outcome().is_some();
        let same = self.game.plies().len() == plies as usize;
        match offer {
            Offer::Draw => !over && same,
            Offer::Rematch => over && !self.tournament_board,
            Offer::Takeback => same && !over && self.opponent_turn_start().is_some(),
        }
    }

    /// Where a takeback by the opponent goes back to: the start of the
    /// opponent's last turn (so that it is theirs to play again).
    fn opponent_turn_start(&self) -> Option<usize> {
        let side = self.side()?.opponent();
        takeback_point(&self.game, side)
    }

    /// This page offers a draw, a takeback or a rematch.
    pub fn offer(&mut self, offer: Offer) -> Vec<Event> {
        let Some(side) = self.side() else {
            return Vec::new();
        };
        // Offering what the opponent offers is accepting it.
        if self.pending.is_some_and(|(o, _)| o == offer) {
            return self.answer(true);
        }
        let fits = match offer {
            Offer::Draw => self.game.outcome().is_none(),
            Offer::Rematch => self.game.outcome().is_some() && !self.tournament_board,
            Offer::Takeback => {
                self.game.outcome().is_none() && takeback_point(&self.game, side).is_some()
            }
        };
        if !fits || self.offered.is_some() {
            return Vec::new();
        }
        self.offered = Some(offer);
        vec![
            Event::Broadcast(Message::Offer {
                offer,
                plies: self.game.plies().len() as u32,
            }),
            Event::Changed,
        ]
    }

    /// This page answers the opponent's offer.
    pub fn answer(&mut self, accept: bool) -> Vec<Event> {
        let Some((offer, plies)) = self.pending.take() else {
            return Vec::new();
        };
        let accept = accept && self.offer_fits(offer, plies);
        let mut events = vec![Event::Broadcast(Message::Answer { offer, accept })];
        if accept {
            let opponent = self.side().map_or(Side::First, Side::opponent);
            events.extend(self.settle(offer, opponent));
        } else {
            events.push(Event::Changed);
        }
        self.with_changes(events)
    }

    /// Applies an accepted offer made by `offerer`; the record goes to
    /// everyone (spectators follow takebacks and rematches with it).
    fn settle(&mut self, offer: Offer, offerer: Side) -> Vec<Event> {
        self.offered = None;
        self.pending = None;
        let mut events = self.apply(offer, offerer);
        events.push(Event::Broadcast(Message::Sync {
            record: self.record(),
        }));
        events
    }

    fn apply(&mut self, offer: Offer, offerer: Side) -> Vec<Event> {
        match offer {
            Offer::Draw => {
                let _ = self.game.agree_draw();
                vec![Event::Changed]
            }
            Offer::Takeback => {
                if let Some(to) = takeback_point(&self.game, offerer) {
                    self.game.back_to(to);
                }
                vec![Event::Changed]
            }
            Offer::Rematch => {
                self.rematch();
                vec![Event::Rematch, Event::Changed]
            }
        }
    }

    fn rematch(&mut self) {
        self.game.replace(Game::new(*self.game.rules()));
        self.clocks.rematch(&self.game);
        self.seats.rematch();
        self.offered = None;
        self.pending = None;
        // Every seat plays the other side now.
        self.admission.swap_sides();
    }

    /// A seat resigns: the opponent's resignation ends the game here; a
    /// watching page holds a seat's until the other seat says it too.
    pub(super) fn resigned(&mut self, peer: &str, now: Millis) -> Vec<Event> {
        match (self.mover_side(peer), self.seat_role(peer)) {
            // A watching page holds a seat's resignation until the
            // other seat says it too.
            (Some(side), Some(role)) if self.watching() => {
                self.heard_end(role, |g| g.resign(side).is_ok(), now)
            }
            (Some(side), _) if self.game.outcome().is_none() => {
                let _ = self.game.resign(side);
                vec![self.said_to_all(), Event::Changed]
            }
            (Some(_), _) => Vec::new(),
            (None, _) => vec![Event::Warn(Warning::NotPlayer)],
        }
    }

    /// The opponent offers something: kept for this player's answer when
    /// it makes sense now, declined at once when it does not.
    pub(super) fn their_offer(&mut self, peer: &str, offer: Offer, plies: u32) -> Vec<Event> {
        if self.side().is_none() {
            return Vec::new(); // offers are between the players
        }
        if self.kind(peer) != Kind::Opponent {
            return vec![Event::Warn(Warning::NotPlayer)];
        }
        if self.offer_fits(offer, plies) {
            self.pending = Some((offer, plies));
            vec![Event::Offered(offer)]
        } else {
            vec![Event::Send(
                peer.to_owned(),
                Message::Answer {
                    offer,
                    accept: false,
                },
            )]
        }
    }

    /// The opponent answers this page's offer.
    pub(super) fn their_answer(&mut self, peer: &str, offer: Offer, accept: bool) -> Vec<Event> {
        if self.side().is_none() {
            // A spectator follows with the players' records.
            return Vec::new();
        }
        if self.kind(peer) != Kind::Opponent || self.offered != Some(offer) {
            return Vec::new();
        }
        self.offered = None;
        let mut events = vec![Event::Answered(offer, accept)];
        if accept {
            let side = self.side().unwrap_or(Side::First);
            events.extend(self.settle(offer, side));
        }
        events
    }

    /// A chat line from this page's player (trimmed, cut to the limit).
    pub fn chat(&mut self, text: &str) -> Vec<Event> {
        let text: String = strip_text(text).chars().take(MAX_CHAT).collect();
        if text.is_empty() || self.side().is_none() {
            return Vec::new();
        }
        vec![
            Event::Broadcast(Message::Chat { text: text.clone() }),
            Event::Chat {
                name: self.seats.name().to_owned(),
                text,
            },
        ]
    }

    /// A chat line from a peer: a player's (or a seat's, to a page that
    /// watches), a few lines a while at most (see
    /// [`Admission::chat_allowed`](super::admission::Admission::chat_allowed)).
    pub(super) fn chatted(&mut self, peer: &str, text: String, now: Millis) -> Vec<Event> {
        match self.admission.chat_allowed(peer, now) {
            None => return Vec::new(),
            Some(false) => return vec![Event::Warn(Warning::Flood)],
            Some(true) => {}
        }
        let name = match self.kind(peer) {
            Kind::Opponent => self
                .side()
                .map(|s| self.seats.name_of(s.opponent()).to_owned())
                .unwrap_or_default(),
            Kind::Claimed(side) => self.seats.name_of(side).to_owned(),
            _ => return vec![Event::Warn(Warning::NotPlayer)],
        };
        vec![Event::Chat { name, text }]
    }
}
