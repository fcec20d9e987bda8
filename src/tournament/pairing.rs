//! Pairings: the round robin's schedule (Berger's tables) and a Swiss round
//! from the standings so far.

use super::Tournament;

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

/// The next Swiss round of `t`: the players still in, ranked by points
/// then seeding; with an odd count the bye to the lowest-ranked player who
/// has not had one; then, from the top, each player against the first
/// opponent it has not met in its order of preference (its score group's
/// other half first, then the groups below), searching back when the rest
/// cannot be paired. `None` when no pairing avoids every repeat.
pub fn swiss_round(t: &Tournament) -> Option<Round> {
    let round = t.rounds.len();
    let mut ranked: Vec<usize> = (0..t.players.len())
        .filter(|&p| t.players[p].withdrawn.is_none_or(|r| r > round))
        .collect();
    ranked.sort_by(|&a, &b| t.points(b).cmp(&t.points(a)).then(a.cmp(&b)));
    let had_bye = |p: usize| {
        t.rounds
            .iter()
            .flatten()
            .any(|board| board.first == p && board.second.is_none())
    };
    let mut steps = 0;
    let byes: Vec<Option<usize>> = if ranked.len() % 2 == 1 {
        ranked
            .iter()
            .rev()
            .filter(|&&p| !had_bye(p))
            .map(|&p| Some(p))
            .collect()
    } else {
        vec![None]
    };
    for bye in byes {
        let rest: Vec<usize> = ranked.iter().copied().filter(|&p| Some(p) != bye).collect();
        let mut pairs = Vec::new();
        if pair_from(
            t,
            &rest,
            &mut vec![false; rest.len()],
            &mut pairs,
            &mut steps,
        ) {
            let mut boards: Round = pairs
                .into_iter()
                .enumerate()
                .map(|(board, (a, b))| sides(t, a, b, board))
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
fn pair_from(
    t: &Tournament,
    ranked: &[usize],
    used: &mut Vec<bool>,
    pairs: &mut Vec<(usize, usize)>,
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
    for candidate in preference(t, ranked, used, top) {
        let opponent = ranked[candidate];
        if t.met(player, opponent) {
            continue;
        }
        used[candidate] = true;
        pairs.push((player, opponent));
        if pair_from(t, ranked, used, pairs, steps) {
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
fn preference(t: &Tournament, ranked: &[usize], used: &[bool], top: usize) -> Vec<usize> {
    let points = t.points(ranked[top]);
    let free: Vec<usize> = (top + 1..ranked.len()).filter(|&i| !used[i]).collect();
    let group: Vec<usize> = free
        .iter()
        .copied()
        .filter(|&i| t.points(ranked[i]) == points)
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
fn sides(t: &Tournament, a: usize, b: usize, board: usize) -> (usize, Option<usize>) {
    let balance = |p: usize| {
        let (first, second) = t.sides(p);
        first as i64 - second as i64
    };
    let last_first = |p: usize| {
        t.rounds.iter().rev().flatten().find_map(|board| {
            (board.second.is_some() && board.has(p) && board.score.is_none_or(|s| s.played()))
                .then_some(board.first == p)
        })
    };
    let a_first = match balance(a).cmp(&balance(b)) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => match (last_first(a), last_first(b)) {
            (Some(x), Some(y)) if x != y => !x,
            (Some(x), None) => !x,
            (None, Some(y)) => y,
            _ => board.is_multiple_of(2),
        },
    };
    if a_first {
        (a, Some(b))
    } else {
        (b, Some(a))
    }
}
