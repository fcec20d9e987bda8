//! A player's puzzle rating: Glicko-2 (Glickman, "Example of the Glicko-2
//! system", 2013), as lichess rates its puzzles — each try is a game
//! against the puzzle, whose rating is its opponent's, a solved puzzle a
//! win and a failed one a loss. The rating's deviation says how sure it is
//! (large for a new player, so the first tries move it most), the
//! volatility how erratic the player is.

/// The Glicko-2 scale factor (rating points per unit of the inner scale).
const SCALE: f64 = 173.7178;
/// The system constant τ: how much the volatility may change.
const TAU: f64 = 0.5;
/// The convergence tolerance of the volatility's iteration.
const EPSILON: f64 = 0.000_001;
/// A puzzle's deviation, as an opponent (its rating is well known).
pub const PUZZLE_DEVIATION: f64 = 80.0;

/// A rating, its deviation and its volatility.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    /// The rating (1500 at the start).
    pub rating: f64,
    /// How far from it the player may be (350 at the start).
    pub deviation: f64,
    /// How erratic the player's results are (0.06 at the start).
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// A result against an opponent: its rating and deviation, and the score
/// (1 a win, 0 a loss, ½ a draw).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent's rating.
    pub rating: f64,
    /// The opponent's deviation.
    pub deviation: f64,
    /// The score: 1, ½ or 0.
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// The rating after a rating period with these `games` (none: only the
    /// deviation grows). A rating that is not a number (read back from
    /// storage, say) starts again from the default; one that the update
    /// would make not a number stays as it was.
    pub fn after(self, games: &[Game]) -> Rating {
        let me = if self.is_sound() {
            self
        } else {
            Rating::default()
        };
        let next = me.update(games);
        if next.is_sound() {
            next
        } else {
            me
        }
    }

    /// True when every part is a finite number, the deviation and the
    /// volatility above 0.
    pub fn is_sound(&self) -> bool {
        self.rating.is_finite()
            && self.deviation.is_finite()
            && self.deviation > 0.0
            && self.volatility.is_finite()
            && self.volatility > 0.0
    }

    fn update(self, games: &[Game]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: (phi * SCALE).min(350.0),
                ..self
            };
        }
        let opponents: Vec<(f64, f64, f64)> = games
            .iter()
            .map(|game| {
                (
                    (game.rating - 1500.0) / SCALE,
                    game.deviation / SCALE,
                    game.score,
                )
            })
            .collect();
        let v = 1.0
            / opponents
                .iter()
                .map(|&(mu_j, phi_j, _)| {
                    let e = expected(mu, mu_j, phi_j);
                    g(phi_j) * g(phi_j) * e * (1.0 - e)
                })
                .sum::<f64>();
        let improvement: f64 = opponents
            .iter()
            .map(|&(mu_j, phi_j, s)| g(phi_j) * (s - expected(mu, mu_j, phi_j)))
            .sum();
        let delta = v * improvement;
        // The new volatility (the Illinois algorithm, step 5 of the paper).
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            // (Bounded: a rating read back from storage may be anything.)
            while f(a - k * TAU) < 0.0 && k < 1_000.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut f_a, mut f_b) = (f(big_a), f(big_b));
        for _ in 0..100 {
            if (big_b - big_a).abs() <= EPSILON {
                break;
            }
            let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(big_c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = big_c;
            f_b = f_c;
        }
        let sigma = (big_a / 2.0).exp();
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * improvement;
        Rating {
            rating: mu * SCALE + 1500.0,
            deviation: (phi * SCALE).min(350.0),
            volatility: sigma,
        }
    }

    /// The rating after one try at a puzzle rated `puzzle`.
    pub fn after_puzzle(self, puzzle: u16, solved: bool) -> Rating {
        self.after(&[Game {
            rating: f64::from(puzzle),
            deviation: PUZZLE_DEVIATION,
            score: if solved { 1.0 } else { 0.0 },
        }])
    }
}
