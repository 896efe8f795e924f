//! `unocli compare A B [--bot I]`: two arena runs on the same deals (each written by
//! `arena --per-game`), set side by side game by game. A change to one bot is measured by the
//! paired difference of its wins: games both runs won or both lost cancel out, so with
//! `--paired-dice` (where an unchanged choice leaves the game unchanged) the difference is
//! far surer than two win rates measured apart.

use serde::Serialize;
use uno_bots::arena::GameRecord;

/// One run's wins for the bot compared.
#[derive(Debug, PartialEq, Serialize)]
pub struct Side {
    pub wins: u32,
    pub win_rate: f64,
}

/// What `compare` prints.
#[derive(Debug, PartialEq, Serialize)]
pub struct Comparison {
    pub games: u32,
    /// The bot compared: its place in `--bots`.
    pub bot: usize,
    pub first: Side,
    pub second: Side,
    /// The first run's win rate less the second's.
    pub difference: f64,
    /// The standard error of that difference, game by game.
    pub stderr: f64,
    /// Games whose winner differs between the runs.
    pub games_ended_otherwise: u32,
}

fn read(name: &str, text: &str) -> Result<Vec<GameRecord>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line).map_err(|e| format!("{name} line {}: {e}", i + 1))
        })
        .collect()
}

/// Compares bot `bot` in two runs' records, `first` and `second` (the files' texts).
pub fn compare(first: &str, second: &str, bot: usize) -> Result<Comparison, String> {
    let a = read("the first file", first)?;
    let b = read("the second file", second)?;
    if a.len() != b.len() {
        return Err(format!(
            "the runs played {} and {} games: compare runs of the same length",
            a.len(),
            b.len()
        ));
    }
    if a.is_empty() {
        return Err("no games to compare".into());
    }
    let (mut wins_a, mut wins_b, mut squares, mut otherwise) = (0u32, 0u32, 0u32, 0u32);
    for (x, y) in a.iter().zip(&b) {
        if (x.game, x.deal) != (y.game, y.deal) {
            return Err(format!(
                "game {} was dealt from {} in the first run and game {} from {} in the second: \
                 compare runs of the same seed",
                x.game, x.deal, y.game, y.deal
            ));
        }
        for g in [x, y] {
            if bot >= g.points.len() || g.winner.is_some_and(|w| w >= g.points.len()) {
                return Err(format!(
                    "game {} has {} bots: no bot {bot}, or a winner out of range",
                    g.game,
                    g.points.len()
                ));
            }
        }
        let (won_a, won_b) = (x.winner == Some(bot), y.winner == Some(bot));
        wins_a += u32::from(won_a);
        wins_b += u32::from(won_b);
        squares += u32::from(won_a != won_b);
        otherwise += u32::from(x.winner != y.winner);
    }
    let n = a.len() as f64;
    let difference = (f64::from(wins_a) - f64::from(wins_b)) / n;
    // Each game's difference is -1, 0 or 1: its square is 1 where one run won and not the other.
    let variance = if a.len() > 1 {
        (f64::from(squares) / n - difference * difference).max(0.0) * n / (n - 1.0)
    } else {
        0.0
    };
    Ok(Comparison {
        games: a.len() as u32,
        bot,
        first: Side {
            wins: wins_a,
            win_rate: f64::from(wins_a) / n,
        },
        second: Side {
            wins: wins_b,
            win_rate: f64::from(wins_b) / n,
        },
        difference,
        stderr: (variance / n).sqrt(),
        games_ended_otherwise: otherwise,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(game: u32, winner: Option<usize>) -> String {
        let winner = winner.map_or("null".to_string(), |w| w.to_string());
        format!(
            r#"{{"game":{game},"deal":{},"winner":{winner},"points":[0,0]}}"#,
            7 + game
        )
    }

    fn run(winners: &[Option<usize>]) -> String {
        let lines: Vec<String> = winners
            .iter()
            .enumerate()
            .map(|(g, &w)| line(g as u32, w))
            .collect();
        lines.join("\n") + "\n"
    }

    #[test]
    fn pairs_the_games_and_counts_the_differences() {
        // Bot 0 wins games 0, 1, 2 in the first run; 0, 3 in the second; game 4 abandoned.
        let a = run(&[Some(0), Some(0), Some(0), Some(1), None]);
        let b = run(&[Some(0), Some(1), Some(1), Some(0), None]);
        let c = compare(&a, &b, 0).unwrap();
        assert_eq!((c.games, c.first.wins, c.second.wins), (5, 3, 2));
        assert_eq!(c.games_ended_otherwise, 3);
        assert!((c.difference - 0.2).abs() < 1e-12);
        // Differences 0, 1, 1, -1, 0: mean 0.2, sample variance (3 - 5 * 0.04) / 4 = 0.7.
        assert!((c.stderr - (0.7f64 / 5.0).sqrt()).abs() < 1e-12, "{c:?}");
        // The other bot's view of the same games.
        let c = compare(&a, &b, 1).unwrap();
        assert_eq!((c.first.wins, c.second.wins), (1, 2));
        assert!((c.difference + 0.2).abs() < 1e-12);
    }

    #[test]
    fn identical_runs_differ_by_nothing_surely() {
        let a = run(&[Some(0), Some(1), Some(0), Some(1)]);
        let c = compare(&a, &a, 0).unwrap();
        assert_eq!(
            (c.difference, c.stderr, c.games_ended_otherwise),
            (0.0, 0.0, 0)
        );
    }

    #[test]
    fn refuses_runs_of_other_deals_or_lengths_or_bots() {
        let a = run(&[Some(0), Some(1)]);
        let shorter = run(&[Some(0)]);
        assert!(compare(&a, &shorter, 0)
            .unwrap_err()
            .contains("same length"));
        let other_deal = a.replace(r#""deal":8"#, r#""deal":9"#);
        assert!(compare(&a, &other_deal, 0)
            .unwrap_err()
            .contains("same seed"));
        assert!(compare(&a, &a, 2).unwrap_err().contains("no bot 2"));
        let broken = a.replace(r#""winner":0"#, r#""winner":"seat 0""#);
        let e = compare(&a, &broken, 0).unwrap_err();
        assert!(e.starts_with("the second file line 1:"), "{e}");
        let cut = &a[..a.len() - 4];
        let e = compare(cut, &a, 0).unwrap_err();
        assert!(e.starts_with("the first file line 2:"), "{e}");
        assert!(compare("", "\n", 0).unwrap_err().contains("no games"));
    }
}
