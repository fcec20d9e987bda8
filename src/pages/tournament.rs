//! `tournament.html`: the shell and tournaments, on one device and online.

fn main() {
    kharbga::app::page::start(&kharbga::app::tournament_page::TournamentPage);
}
