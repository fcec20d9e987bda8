//! `online.html`: the shell and online play: rooms, invitations, games by link, quick pairing.

fn main() {
    kharbga::app::start(&kharbga::app::online::page::OnlinePage);
}
