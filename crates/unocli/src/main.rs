//! `unocli`: the engine from the command line (docs/SCENARIOS.md).
//!
//! - `unocli play FILE` (or `-`): apply a scenario's actions and print the result.
//!   Exit 0 when every action was legal, 1 when one was refused, 2 for a malformed scenario.
//! - `unocli deal --edition E --players N --seed S`: the result for a freshly dealt game.
//! - `unocli arena --edition E --players N --games G --seed S --bots B1,B2,... [--hands]
//!   [--answer-seconds T] [--paired-dice] [--per-game FILE] [--house-rules JSON]`: bots play
//!   each other, rotating through the seats; prints each bot's wins (and with `--per-game`,
//!   writes each game's).
//! - `unocli compare FILE1 FILE2 [--bot I]`: two `--per-game` runs of the same deals, paired
//!   game by game.
//! - `unocli bench [--games N] [--runs R] [--listed]`: random 4-player Classic hands per
//!   second on one core (the median of R runs of the same hands).
//! - `unocli think [--positions N] [--millis M] [--players P] [--save-positions FILE]`: how
//!   long each level takes to decide on the same positions (and with `--save-positions`,
//!   writes them).

mod compare;
mod external;

use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use uno_bots::arena::{bot_seed, run_each, Dice};
use uno_bots::{Bot, LevelBot};
use uno_engine::scenario::report;
use uno_engine::{Action, Edition, Game, HouseRules, Rng, Rules, Scenario, MAX_PLAYERS};

const USAGE: &str = "usage:
  unocli play FILE            apply a scenario file ('-' reads standard input)
  unocli deal --edition E --players N --seed S
  unocli arena --edition E --players N --games G --seed S --bots B1,B2,... [--hands]
               [--answer-seconds T]   (how long an external bot may take to answer; 10)
               [--paired-dice]   (every bot's dice set afresh from each game's deal)
               [--per-game FILE]   (one JSON line per game: its deal, winner and points)
               [--house-rules JSON]   (the table's house rules, as a scenario's house_rules)
  unocli compare FILE1 FILE2 [--bot I]   two --per-game runs of the same deals, game by game:
               bot I's (0: the first named) win rates and their difference
  unocli bench [--games N] [--runs R] [--listed]   random 4-player Classic games per second
               (median run; --listed: every turn's actions listed, not its plays as sets)
  unocli think [--positions N] [--millis M] [--players P] [--save-positions FILE]
               how long each bot level takes to decide (positions of a P-seat table; 4;
               FILE: those positions, one JSON line each: the view and the legal actions)
editions: classic, classic-blank, masters, spider-man, coloradd
bots: random, easy, medium, hard, hard:PLAYOUTS, cmd:COMMAND (one per player);
      frozen baselines medium-v1, hard-v1, hard-v1:PLAYOUTS; hard-tree[:PLAYOUTS] (tree search)";

/// A failure to report on standard error with its exit status.
struct Failure(u8, String);

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("play") => play(&args[1..]),
        Some("deal") => deal(&args[1..]),
        Some("bench") => bench(&args[1..]),
        Some("arena") => arena(&args[1..]),
        Some("think") => think(&args[1..]),
        Some("compare") => compare_runs(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            Ok(0)
        }
        Some(other) => Err(Failure(2, format!("unknown command {other:?}\n{USAGE}"))),
        None => Err(Failure(2, USAGE.to_string())),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Failure(code, message)) => {
            eprintln!("unocli: {message}");
            ExitCode::from(code)
        }
    }
}

fn print_json<T: serde::Serialize>(value: &T) {
    println!(
        "{}",
        serde_json::to_string(value).expect("results serialize")
    );
}

fn play(args: &[String]) -> Result<u8, Failure> {
    let [file] = args else {
        return Err(Failure(2, format!("play takes one file\n{USAGE}")));
    };
    let text = if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Failure(2, format!("standard input: {e}")))?;
        text
    } else {
        std::fs::read_to_string(file).map_err(|e| Failure(2, format!("{file}: {e}")))?
    };
    let scenario: Scenario =
        serde_json::from_str(&text).map_err(|e| Failure(2, format!("{file}: {e}")))?;
    match scenario
        .run()
        .map_err(|e| Failure(2, format!("{file}: {e}")))?
    {
        Ok(result) => {
            print_json(&result);
            Ok(0)
        }
        Err(refusal) => {
            print_json(&refusal);
            Ok(1)
        }
    }
}

/// `--name value` pairs.
fn options<'a>(args: &'a [String], known: &[&str]) -> Result<Vec<(&'a str, &'a str)>, Failure> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(name) = it.next() {
        let key = name.strip_prefix("--").filter(|k| known.contains(k));
        let (Some(key), Some(value)) = (key, it.next()) else {
            return Err(Failure(2, format!("unexpected argument {name:?}\n{USAGE}")));
        };
        out.push((key, value.as_str()));
    }
    Ok(out)
}

fn number<T: std::str::FromStr>(name: &str, value: &str) -> Result<T, Failure> {
    value
        .parse()
        .map_err(|_| Failure(2, format!("--{name} wants a number, not {value:?}")))
}

/// A time in seconds in `--name`: above 0, and at most a day (what `Duration` can hold).
fn time(name: &str, value: &str) -> Result<f64, Failure> {
    let t: f64 = number(name, value)?;
    if t > 0.0 && t <= 86_400.0 {
        Ok(t)
    } else {
        Err(Failure(
            2,
            format!("--{name} wants a time above 0 and at most a day, not {value:?}"),
        ))
    }
}

fn deal(args: &[String]) -> Result<u8, Failure> {
    let (mut edition, mut players, mut seed) = (None, 4, 0);
    for (key, value) in options(args, &["edition", "players", "seed"])? {
        match key {
            "edition" => {
                edition = Some(
                    value
                        .parse::<Edition>()
                        .map_err(|e| Failure(2, e.to_string()))?,
                )
            }
            "players" => players = number(key, value)?,
            _ => seed = number(key, value)?,
        }
    }
    let edition = edition.ok_or_else(|| Failure(2, format!("deal needs --edition\n{USAGE}")))?;
    let game =
        Game::deal(Rules::new(edition), players, seed).map_err(|e| Failure(2, e.to_string()))?;
    print_json(&report(&game));
    Ok(0)
}

/// The random player of the benchmark: a random legal card if it has one, else a random other
/// move on its turn (draw, pass, accept, choose). UNO calls and catches are left out, as in
/// RLCard's random agent, so hands are played as a table would. `legal` is the turn seat's
/// actions, in `legal_actions` order: its plays first, then its other moves, then its UNO
/// call and catch. (`play_random_hands` makes the same choice from `Game::turn_plays` on a
/// turn, and asks this for the answers to a penalty or a choice.)
fn random_move(legal: &[Action], rng: &mut Rng) -> Action {
    let plays = legal
        .iter()
        .take_while(|a| matches!(a, Action::Play { .. }))
        .count();
    if plays > 0 {
        return legal[rng.below(plays)];
    }
    let turn_moves = legal
        .iter()
        .take_while(|a| !matches!(a, Action::CallUno { .. } | Action::Catch { .. }))
        .count();
    legal[rng.below(turn_moves)]
}

fn compare_runs(args: &[String]) -> Result<u8, Failure> {
    let (files, rest) = args.split_at(args.len().min(2));
    let [first, second] = files else {
        return Err(Failure(2, format!("compare takes two files\n{USAGE}")));
    };
    let mut bot = 0usize;
    for (key, value) in options(rest, &["bot"])? {
        if key == "bot" {
            bot = number(key, value)?;
        }
    }
    let text = |path: &String| {
        std::fs::read_to_string(path).map_err(|e| Failure(2, format!("{path}: {e}")))
    };
    let comparison =
        compare::compare(&text(first)?, &text(second)?, bot).map_err(|e| Failure(2, e))?;
    print_json(&comparison);
    Ok(0)
}

fn arena(args: &[String]) -> Result<u8, Failure> {
    let flags = ["--hands", "--paired-dice"];
    let hands = args.iter().any(|a| a == "--hands");
    let dice = if args.iter().any(|a| a == "--paired-dice") {
        Dice::Paired
    } else {
        Dice::Kept
    };
    let args: Vec<String> = args
        .iter()
        .filter(|a| !flags.contains(&a.as_str()))
        .cloned()
        .collect();
    let (mut edition, mut players, mut games, mut seed, mut names) =
        (Edition::Classic, None, 100u32, 0u64, None);
    let mut answer_seconds = 10.0f64;
    let mut per_game = None;
    let mut house_rules = HouseRules::default();
    let known = [
        "edition",
        "players",
        "games",
        "seed",
        "bots",
        "answer-seconds",
        "per-game",
        "house-rules",
    ];
    for (key, value) in options(&args, &known)? {
        match key {
            "answer-seconds" => answer_seconds = time(key, value)?,
            "house-rules" => {
                house_rules = serde_json::from_str(value)
                    .map_err(|e| Failure(2, format!("--house-rules: {e}")))?
            }
            "per-game" => per_game = Some(value.to_string()),
            "edition" => {
                edition = value
                    .parse::<Edition>()
                    .map_err(|e| Failure(2, e.to_string()))?
            }
            "players" => players = Some(number::<usize>(key, value)?),
            "games" => games = number(key, value)?,
            "seed" => seed = number(key, value)?,
            _ => names = Some(value.to_string()),
        }
    }
    let names = names.ok_or_else(|| Failure(2, format!("arena needs --bots\n{USAGE}")))?;
    let names: Vec<&str> = names.split(',').collect();
    let players = players.unwrap_or(names.len());
    if names.len() != players {
        return Err(Failure(
            2,
            format!(
                "--bots names {} bots for {players} players: name one per seat",
                names.len()
            ),
        ));
    }
    let mut bots: Vec<Box<dyn Bot>> = Vec::with_capacity(players);
    for (i, name) in names.iter().enumerate() {
        let bot_seed = bot_seed(seed, i);
        let bot: Box<dyn Bot> = match name.strip_prefix("cmd:") {
            Some(command) => Box::new(
                external::ExternalBot::spawn(command, Duration::from_secs_f64(answer_seconds))
                    .map_err(|e| Failure(2, format!("{name}: {e}")))?,
            ),
            None => Box::new(
                LevelBot::by_name(name, bot_seed)
                    .ok_or_else(|| Failure(2, format!("unknown bot {name:?}\n{USAGE}")))?,
            ),
        };
        bots.push(bot);
    }
    // Opened before the first game, so a bad path fails at once, not after the run.
    let mut log = match &per_game {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path)
                .map_err(|e| Failure(2, format!("--per-game {path}: {e}")))?,
        )),
        None => None,
    };
    let mut write_error = None;
    // A bad number (a UNO penalty of 0) is refused by the first deal.
    let rules = Rules {
        house_rules,
        ..Rules::new(edition)
    };
    let standings = run_each(rules, games, seed, hands, dice, &mut bots, |record| {
        if let (Some(log), None) = (&mut log, &write_error) {
            let line = serde_json::to_string(record).expect("records serialize");
            if let Err(e) = writeln!(log, "{line}") {
                write_error = Some(e);
            }
        }
    })
    .map_err(|e| Failure(2, e.to_string()))?;
    if let Some(log) = &mut log {
        if let Some(e) = write_error.take().or_else(|| log.flush().err()) {
            let path = per_game.as_deref().unwrap_or_default();
            return Err(Failure(2, format!("--per-game {path}: {e}")));
        }
    }
    print_json(&standings);
    // A bot that crashed or broke the protocol still gets a result: say so where it shows.
    for bot in standings.bots.iter().filter(|b| b.bad_answers > 0) {
        eprintln!(
            "unocli: {} gave no legal answer to {} decisions (the first legal action was played \
             for it on its turn; out of turn the chance passed)",
            bot.name, bot.bad_answers
        );
    }
    Ok(0)
}

/// Milliseconds since the first call: the hard bot's clock.
fn clock() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// Decision times per level on the same positions (seat 0's turns in Classic hands of
/// `--players` seats, 4 unless given, played by `medium-v1` bots), and the hard level's
/// playouts per second.
fn think(args: &[String]) -> Result<u8, Failure> {
    let (mut positions, mut millis, mut seats) = (300usize, 40.0f64, 4usize);
    let mut save = None;
    for (key, value) in options(args, &["positions", "millis", "players", "save-positions"])? {
        match key {
            "positions" => positions = number(key, value)?,
            "players" => seats = number(key, value)?,
            "save-positions" => save = Some(value),
            _ => millis = number(key, value)?,
        }
    }
    if positions == 0 || !(millis > 0.0 && millis.is_finite()) {
        return Err(Failure(
            2,
            "--positions wants at least 1, and --millis a time above 0".into(),
        ));
    }
    if !(2..=MAX_PLAYERS).contains(&seats) {
        return Err(Failure(
            2,
            format!("--players wants 2 to {MAX_PLAYERS}, not {seats}"),
        ));
    }
    // Collect positions, played by the frozen medium-v1 so that they stay the same.
    let rules = Rules::new(Edition::Classic);
    let mut found = Vec::new();
    let mut seed = 0;
    while found.len() < positions {
        let mut game = Game::deal(rules, seats, seed).expect("valid");
        let seated = seats as u64;
        let mut players: Vec<LevelBot> = (0..seated)
            .map(|s| LevelBot::by_name("medium-v1", seed * seated + s).expect("built-in"))
            .collect();
        while game.outcome().is_none() && found.len() < positions {
            let turn = game.turn();
            let legal = game.legal_actions_for(turn);
            if turn == 0 && legal.len() > 1 {
                found.push((game.view(0), legal.clone()));
            }
            let action = players[usize::from(turn)].decide(&game.view(turn), &legal);
            game.apply(action).expect("legal");
        }
        seed += 1;
    }
    // The same positions for other clocks: `scripts/worker-think.mjs` times the browser's
    // bot worker on them.
    if let Some(path) = save {
        let lines: String = found
            .iter()
            .map(|(view, legal)| {
                serde_json::json!({ "view": view, "legal": legal }).to_string() + "\n"
            })
            .collect();
        std::fs::write(path, lines)
            .map_err(|e| Failure(2, format!("--save-positions {path}: {e}")))?;
    }
    let mut report = Vec::new();
    for level in ["random", "easy", "medium", "medium-v1", "hard", "hard-v1"] {
        let mut bot = LevelBot::by_name(level, 1).expect("built-in");
        bot.budget.millis = Some(millis);
        bot.budget.clock = Some(clock);
        let mut times = Vec::with_capacity(found.len());
        for (view, legal) in &found {
            let start = Instant::now();
            std::hint::black_box(bot.decide(view, legal));
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        report.push(serde_json::json!({
            "level": level,
            "p50_ms": (at(0.5) * 1000.0).round() / 1000.0,
            "p95_ms": (at(0.95) * 1000.0).round() / 1000.0,
            "max_ms": (at(1.0) * 1000.0).round() / 1000.0,
        }));
    }
    // Playouts per second of the search itself.
    let budget = uno_bots::search::Budget::playouts(2000);
    let mut rng = Rng::new(3);
    let (mut playouts, start) = (0u64, Instant::now());
    for (view, legal) in found.iter().take(50) {
        let options: Vec<Option<Action>> = legal.iter().map(|&a| Some(a)).collect();
        playouts += u64::from(
            uno_bots::search::search(
                view,
                &options,
                &uno_bots::search::Style::CURRENT,
                budget,
                &mut rng,
            )
            .playouts,
        );
    }
    let seconds = start.elapsed().as_secs_f64();
    print_json(&serde_json::json!({
        "positions": found.len(),
        "hard_budget": { "playouts": uno_bots::HARD_PLAYOUTS, "millis": millis },
        "levels": report,
        "playouts_per_second": (playouts as f64 / seconds).round(),
    }));
    Ok(0)
}

fn bench(args: &[String]) -> Result<u8, Failure> {
    let listed = args.iter().any(|a| a == "--listed");
    let args: Vec<String> = args.iter().filter(|a| *a != "--listed").cloned().collect();
    let (mut games, mut runs): (u64, usize) = (200_000, 1);
    for (key, value) in options(&args, &["games", "runs"])? {
        match key {
            "games" => games = number(key, value)?,
            _ => runs = number(key, value)?,
        }
    }
    if games == 0 || runs == 0 {
        return Err(Failure(2, "--games and --runs want at least 1".into()));
    }
    // Each run plays the same hands; the median run is reported, so a run slowed by another
    // process on the machine does not move the figure.
    let timed: Vec<(f64, u64)> = (0..runs)
        .map(|_| play_random_hands(games, listed))
        .collect();
    let mut sorted = timed.clone();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (seconds, actions) = sorted[(runs - 1) / 2];
    let per_second = |s: f64| (games as f64 / s).round();
    print_json(&serde_json::json!({
        "bench": if listed {
            "random 4-player Classic hands, one core, every action listed"
        } else {
            "random 4-player Classic hands, one core"
        },
        "games": games,
        "actions": actions,
        "seconds": (seconds * 1000.0).round() / 1000.0,
        "games_per_second": per_second(seconds),
        "actions_per_game": (actions as f64 / games as f64 * 10.0).round() / 10.0,
        "runs": runs,
        "games_per_second_each_run": timed.iter().map(|&(s, _)| per_second(s)).collect::<Vec<_>>(),
    }));
    Ok(0)
}

/// Plays hands dealt from seeds `0..games` with the random player: (seconds, actions).
/// `listed`: every turn's actions are listed (`legal_actions_for_into`, the bots' way) rather
/// than its plays taken as sets (`turn_plays`).
fn play_random_hands(games: u64, listed: bool) -> (f64, u64) {
    let rules = Rules::new(Edition::Classic);
    let mut rng = Rng::new(1);
    let mut legal = Vec::with_capacity(64);
    let mut actions: u64 = 0;
    let start = Instant::now();
    let mut game = Game::deal(rules, 4, 0).expect("valid");
    for seed in 0..games {
        // The same game as `Game::deal(rules, 4, seed)`, in the same memory.
        game.redeal(seed);
        loop {
            // On a turn, the plays as sets: the choice `random_move` would make from the
            // listed actions, without listing them. With no play the one other move of a plain
            // turn is the draw (a drawn card is always playable).
            let plays = if listed { None } else { game.turn_plays() };
            let action = match plays {
                Some(plays) if !plays.is_empty() => {
                    plays.get(rng.below(plays.len())).expect("in range")
                }
                Some(plays) => Action::Draw { seat: plays.seat() },
                None if game.outcome().is_some() => break,
                None => {
                    game.legal_actions_for_into(game.turn(), &mut legal);
                    random_move(&legal, &mut rng)
                }
            };
            game.apply_legal(action);
            actions += 1;
        }
    }
    (start.elapsed().as_secs_f64(), actions)
}
