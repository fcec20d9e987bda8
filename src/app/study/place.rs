//! The analysis board's address (`#analyse/<game link>@<ply>[/review]`):
//! what it asks for ([`AnalysePlace`]), read and written.

use crate::app::route::REVIEW;

/// The analysis board's address for `record` at ply `at` (the position
/// before it; the game's length for its end).
pub fn analyse_fragment(record: &crate::engine::Record, at: usize) -> String {
    crate::app::route::Route::analyse(record, at).fragment()
}

/// What an analysis address asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysePlace {
    /// The game.
    pub record: crate::engine::Record,
    /// The position shown: before this ply.
    pub at: usize,
    /// The computer's review of the game starts at once (`…/review`).
    pub review: bool,
}

/// The place an analysis address names (`/<game link>@<ply>[/review]`).
///
/// # Errors
/// The game link's, when it does not read.
pub fn read_analyse(rest: &str) -> Result<AnalysePlace, crate::store::share::ShareError> {
    let rest = rest.strip_prefix('/').unwrap_or(rest);
    let (rest, review) = match rest.strip_suffix(REVIEW) {
        Some(rest) => (rest, true),
        None => (rest, false),
    };
    let (link, at) = match rest.rsplit_once('@') {
        Some((link, at)) => (link, at.parse().ok()),
        None => (rest, None),
    };
    let record = crate::store::share::decode(&format!("#{link}"))?;
    let length = record.game.plies().len();
    Ok(AnalysePlace {
        record,
        at: at.unwrap_or(length).min(length),
        review,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::route::ANALYSE;
    use crate::engine::{Game, Record, Rules, Variant};

    #[test]
    fn analysis_addresses_round_trip() {
        let mut game = Game::new(Rules::new(Variant::Kharbaga));
        game.play_text("c2-c3").unwrap();
        let mut record = Record::new(game);
        record.first = "Amel".into();
        let fragment = analyse_fragment(&record, 1);
        assert!(
            fragment.starts_with("#analyse/g1~kharbaga~Amel~"),
            "{fragment}"
        );
        let place = read_analyse(&fragment[ANALYSE.len()..]).unwrap();
        assert_eq!(
            (place.record.game.plies().len(), place.at, place.review),
            (1, 1, false)
        );
        assert_eq!(place.record.first, "Amel");
        // No ply, or one past the end: the end.
        let bare = &fragment.rsplit_once('@').unwrap().0[ANALYSE.len()..];
        assert_eq!(read_analyse(bare).unwrap().at, 1);
        assert_eq!(read_analyse(&format!("{bare}@99")).unwrap().at, 1);
        // The review asked for.
        let place = read_analyse(&format!("{bare}@0/review")).unwrap();
        assert_eq!((place.at, place.review), (0, true));
        assert!(read_analyse("/g1~broken").is_err());
    }
}
