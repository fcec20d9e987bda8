//! `tournament.html`: the shell and tournaments, on one device and online.

fn main() {
    kharbga::app::start(&kharbga::app::tournament::page::TournamentPage);
}
