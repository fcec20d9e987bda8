//! A game played by link, without a connection: each player sends its
//! game after its move by any messenger, signed by its seat.

use super::{Table, Warning};
use crate::engine::Record;
use crate::net::identity::{link_bytes, PublicKey, SeatCert, Signature};
use crate::net::merge::{merge, Merge};
use crate::net::message::Seat;
use crate::net::room::MoveLink;
use crate::net::text::names_fit;

impl Table {
    /// What this player sends with its game by link (`share`, the game as
    /// a share link): its signature, its key if it is the guest, and the
    /// host's certificate of the guest if it is the host.
    pub fn sign_link(
        &self,
        share: &str,
    ) -> Option<(Signature, Option<PublicKey>, Option<Signature>)> {
        let side = self.side()?;
        let bytes = link_bytes(
            &self.room(),
            Seat::from(side).token(),
            share.trim_start_matches('#'),
        );
        let signature = self.signing.sign(&bytes)?;
        Some(if self.hosting() {
            (signature, None, self.seats.cert().map(|c| c.signature))
        } else {
            (signature, self.signing.public(), None)
        })
    }

    /// A game that came by link (no connection: each player sends the game
    /// after their move by any messenger): taken only when the opponent's
    /// key signed it, and when it extends this game with the opponent's
    /// plies (and perhaps their resignation). In a game begun by link the
    /// host seats the first guest whose signed game reaches it; a guest
    /// keeps the host's certificate of its seat when the link brings it.
    ///
    /// # Errors
    /// The [`Warning`] that says why it was not taken.
    pub fn take_link(&mut self, link: &MoveLink, record: Record) -> Result<usize, Warning> {
        let side = self.side().ok_or(Warning::NotPlayer)?;
        if self.clocks.clock().is_some() {
            // Its clocks run: a timed game is played connected.
            return Err(Warning::Timed);
        }
        let host = self.seats.host();
        if link.host != host || link.sender != side.opponent() {
            return Err(Warning::BadSecret);
        }
        if !names_fit(&record) {
            return Err(Warning::BadRecord);
        }
        let bytes = link_bytes(
            &self.room(),
            Seat::from(link.sender).token(),
            link.share.trim_start_matches('#'),
        );
        let mut seat = None;
        if self.hosting() {
            let key = match (self.seats.cert(), link.guest) {
                (Some(cert), _) => cert.key,
                (None, Some(key)) => key,
                (None, None) => return Err(Warning::BadSecret),
            };
            if !key.verifies(&bytes, &link.signature) {
                return Err(Warning::BadSecret);
            }
            if self.seats.cert().is_none() {
                seat = Some(key);
            }
        } else {
            if !host.verifies(&bytes, &link.signature) {
                return Err(Warning::BadSecret);
            }
            if let (None, Some(signature), Some(key)) =
                (self.seats.cert(), link.cert, self.signing.public())
            {
                let cert = SeatCert {
                    key,
                    name: self.seats.name().to_owned(),
                    signature,
                };
                if cert.is_from(&host) {
                    self.seats.keep_cert(cert);
                }
            }
        }
        let before = self.game.plies().len();
        let taken = match merge(&self.game, record.game, side.opponent(), true) {
            Merge::Same | Merge::Behind => 0,
            Merge::Ahead(game) => {
                self.game.replace(game);
                self.pending = None;
                self.game.plies().len().saturating_sub(before)
            }
            Merge::Diverged => return Err(Warning::Diverged),
            Merge::Foreign => return Err(Warning::BadRecord),
        };
        if let (Some(guest), Some(host)) = (seat, self.signing.key()) {
            // The guest of a game begun by link, seated by its first signed game.
            let name = self.seats.name_of(side.opponent()).to_owned();
            let cert = SeatCert::issue(host, guest, name);
            self.seats.keep_cert(cert);
        }
        Ok(taken)
    }
}
