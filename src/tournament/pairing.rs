//! Pairings: the round robin's schedule (Berger's tables) and a Swiss round
//! from the standings so far (what it reads of the tournament: one
//! [`Contender`] for each player still in). Knows no `Tournament`: the
//! tournament asks it.

/// A round's boards: (first side, second side or `None` for a bye).
pub type Round = Vec<(usize, Option<usize>)>;

/// Every round of a round robin of `n` players (twice, sides swapped, when
/// `double`). With an odd count each round has one bye. Each player meets
/// every other once a cycle and plays both sides as evenly as the count
/// allows (at most one more game with one side than the other), mostly
/// alternating.
pub fn round_robin(n: usize, double: bool) -> Vec<Round> {
    let m = n + n % 2;
    let fixed = m - 1;
    let cycle = m - 1;
    let mut rounds = Vec::with_capacity(if double { 2 * cycle } else { cycle });
    for r in 0..cycle {
        // The circle, turned by half the table each round (m / 2 and m - 1
        // share no factor, so every turn comes once): each player goes from
        // one half of the table to the other, and so changes sides.
        let offset = r * (m / 2) % cycle;
        let at = |i: usize| (i + offset) % cycle;
        let mut round = Vec::with_capacity(m / 2);
        let (a, b) = if r % 2 == 0 {
            (at(0), fixed)
        } else {
            (fixed, at(0))
        };
        round.push((a, b));
        for i in 1..m / 2 {
            round.push((at(i), at(cycle - i)));
        }
        rounds.push(
            round
                .into_iter()
                .map(|(a, b)| bye(a, b, n))
                .collect::<Round>(),
        );
    }
    if double {
        let again: Vec<Round> = rounds
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|&(a, b)| match b {
                        Some(b) => (b, Some(a)),
                        None => (a, None),
                    })
                    .collect()
            })
            .collect();
        rounds.extend(again);
    }
    rounds
}

/// A board of the circle: the odd count's extra seat is a bye.
fn bye(a: usize, b: usize, n: usize) -> (usize, Option<usize>) {
    if a == n {
        (b, None)
    } else if b == n {
        (a, None)
    } else {
        (a, Some(b))
    }
}

/// The most steps a Swiss pairing may search before it gives up.
const SEARCH_STEPS: u32 = 2_000_000;

/// A player still in, as a Swiss round is paired from them: what the
/// pairing reads of the tournament so far (`Tournament::pair_next` makes
/// one for each player not withdrawn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contender {
    /// The player (an index into the tournament's players).
    pub player: usize,
    /// The points so far, in halves.
    pub points: u32,
    /// Whether the player has had a bye.
    pub had_bye: bool,
    /// The games played with the first side, and with the second.
    pub sides: (usize, usize),
    /// Whether the player had the first side in the last game they played
    /// (`None` before any).
    pub last_first: Option<bool>,
    /// The players met so far.
    pub met: Vec<usize>,
}

/// The next Swiss round of `contenders`: ranked by points then seeding;
/// with an odd count the bye to the lowest-ranked player who has not had
/// one; then, from the top, each player against the first opponent it has
/// not met in its order of preference (its score group's other half
/// first, then the groups below), searching back when the rest cannot be
/// paired. `None` when no pairing avoids every repeat.
pub fn swiss_round(contenders: &[Contender]) -> Option<Round> {
    let mut ranked: Vec<&Contender> = contenders.iter().collect();
    ranked.sort_by(|a, b| b.points.cmp(&a.points).then(a.player.cmp(&b.player)));
    let mut steps = 0;
    let byes: Vec<Option<usize>> = if ranked.len() % 2 == 1 {
        ranked
            .iter()
            .rev()
            .filter(|c| !c.had_bye)
            .map(|c| Some(c.player))
            .collect()
    } else {
        vec![None]
    };
    for bye in byes {
        let rest: Vec<&Contender> = ranked
            .iter()
            .copied()
            .filter(|c| Some(c.player) != bye)
            .collect();
        let mut pairs = Vec::new();
        if pair_from(&rest, &mut vec![false; rest.len()], &mut pairs, &mut steps) {
            let mut boards: Round = pairs
                .into_iter()
                .enumerate()
                .map(|(board, (a, b))| sides(a, b, board))
                .collect();
            if let Some(p) = bye {
                boards.push((p, None));
            }
            return Some(boards);
        }
        if steps > SEARCH_STEPS {
            return None;
        }
    }
    None
}

/// Pairs the players of `ranked` not yet `used`, from the top.
fn pair_from<'a>(
    ranked: &[&'a Contender],
    used: &mut Vec<bool>,
    pairs: &mut Vec<(&'a Contender, &'a Contender)>,
    steps: &mut u32,
) -> bool {
    *steps += 1;
    if *steps > SEARCH_STEPS {
        return false;
    }
    let Some(top) = used.iter().position(|u| !u) else {
        return true;
    };
    used[top] = true;
    let player = ranked[top];
    for candidate in preference(ranked, used, top) {
        let opponent = ranked[candidate];
        if player.met.contains(&opponent.player) {
            continue;
        }
        used[candidate] = true;
        pairs.push((player, opponent));
        if pair_from(ranked, used, pairs, steps) {
            return true;
        }
        pairs.pop();
        used[candidate] = false;
    }
    used[top] = false;
    false
}

/// The opponents of `ranked[top]` in order of preference (indices into
/// `ranked`): its score group's other half first (the top half against the
/// bottom half), then the rest of its group upwards, then the groups below.
fn preference(ranked: &[&Contender], used: &[bool], top: usize) -> Vec<usize> {
    let points = ranked[top].points;
    let free: Vec<usize> = (top + 1..ranked.len()).filter(|&i| !used[i]).collect();
    let group: Vec<usize> = free
        .iter()
        .copied()
        .filter(|&i| ranked[i].points == points)
        .collect();
    // The group with the player in it: the player is at its head, its
    // opponent half way down.
    let half = group.len().div_ceil(2);
    let mut order: Vec<usize> = group[half.saturating_sub(1).min(group.len())..].to_vec();
    order.extend(
        group[..half.saturating_sub(1).min(group.len())]
            .iter()
            .rev(),
    );
    order.extend(free.iter().copied().filter(|i| !group.contains(i)));
    order
}

/// Who of `a` (ranked higher) and `b` gets the first side on board
/// `board`: the one that has had it less; then the one that had the second
/// side last; else the higher-ranked one on even boards.
fn sides(a: &Contender, b: &Contender, board: usize) -> (usize, Option<usize>) {
    let balance = |c: &Contender| c.sides.0 as i64 - c.sides.1 as i64;
    let a_first = match balance(a).cmp(&balance(b)) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => match (a.last_first, b.last_first) {
            (Some(x), Some(y)) if x != y => !x,
            (Some(x), None) => !x,
            (None, Some(y)) => y,
            _ => board.is_multiple_of(2),
        },
    };
    if a_first {
        (a.player, Some(b.player))
    } else {
        (b.player, Some(a.player))
    }
}
