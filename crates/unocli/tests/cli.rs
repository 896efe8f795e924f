//! `unocli` as a user runs it: exit codes, standard output and standard error.

use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use uno_engine::{scenario::report, Edition, Game, Rules};

fn unocli(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_unocli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = stdin.unwrap_or("").to_string();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn scenario(name: &str) -> String {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "uno-engine",
        "tests",
        "scenarios",
        name,
    ]
    .iter()
    .collect();
    path.to_string_lossy().into_owned()
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn play_prints_the_result_and_exits_0() {
    let out = unocli(&["play", &scenario("draw-two.json")], None);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(
        v["state"]["hands"][1],
        serde_json::json!(["G1", "G2", "G5", "Y1"])
    );
    assert_eq!(v["state"]["turn"], 2);
    assert_eq!(v["legal"], serde_json::json!([{ "do": "draw", "seat": 2 }]));
    assert_eq!(v["round"], Value::Null);
    assert_eq!(v["winner"], Value::Null);
    assert!(out.stderr.is_empty());
}

#[test]
fn play_reads_standard_input() {
    let text = std::fs::read_to_string(scenario("going-out-on-draw-two.json")).unwrap();
    let out = unocli(&["play", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        json(&out)["round"],
        serde_json::json!({ "winner": 0, "points": 34 })
    );
}

#[test]
fn an_illegal_action_exits_1_with_the_state_before_it() {
    let out = unocli(&["play", &scenario("uno-window-closes.json")], None);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["error"]["index"], 2);
    assert_eq!(v["error"]["kind"], "cannot_catch");
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("cannot be caught"));
    assert_eq!(v["state"]["turn"], 2);
    assert!(v["legal"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!({ "do": "uno", "seat": 0 })));
}

#[test]
fn a_malformed_scenario_exits_2_with_one_line() {
    for (file, needle) in [
        (
            "invalid-unknown-card.json",
            "unknown card code \"R10\" at line",
        ),
        ("invalid-bad-json.json", "line 1 column"),
        ("invalid-too-many-copies.json", "R7 appears 3 times"),
        ("invalid-action-seat-out-of-range.json", "actions[0]"),
    ] {
        let out = unocli(&["play", &scenario(file)], None);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert!(out.stdout.is_empty(), "{file}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{file}: {err}");
        assert!(err.contains(needle), "{file}: {err}");
    }
    let out = unocli(&["play", "/no/such/file.json"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn deal_matches_the_engine_deal() {
    let out = unocli(
        &[
            "deal",
            "--edition",
            "masters",
            "--players",
            "5",
            "--seed",
            "123",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let game = Game::deal(Rules::new(Edition::Masters), 5, 123).unwrap();
    assert_eq!(json(&out), serde_json::to_value(report(&game)).unwrap());
    assert_eq!(json(&out)["state"]["hands"].as_array().unwrap().len(), 5);
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        vec!["deal", "--edition", "uno-flip"],
        vec!["deal", "--edition", "classic", "--players", "11"],
        vec!["deal", "--edition", "classic", "--players", "x"],
        vec!["frobnicate"],
        vec![],
    ] {
        let out = unocli(&args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn bench_reports_games_per_second() {
    let out = unocli(&["bench", "--games", "200"], None);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["games"], 200);
    assert!(v["games_per_second"].as_f64().unwrap() > 0.0);
    assert!(v["actions_per_game"].as_f64().unwrap() > 10.0);
    assert_eq!(v["runs"], 1);
}

#[test]
fn bench_listed_lists_every_action_first() {
    let sets = json(&unocli(&["bench", "--games", "200"], None));
    let listed = json(&unocli(&["bench", "--listed", "--games", "200"], None));
    assert_eq!(sets["bench"], "random 4-player Classic hands, one core");
    assert_eq!(
        listed["bench"],
        "random 4-player Classic hands, one core, every action listed"
    );
    assert_eq!(listed["games"], 200);
    assert!(listed["actions_per_game"].as_f64().unwrap() > 10.0);
}

#[test]
fn bench_reports_the_median_of_its_runs() {
    let out = unocli(&["bench", "--games", "300", "--runs", "3"], None);
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["runs"], 3);
    let mut each: Vec<f64> = v["games_per_second_each_run"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert_eq!(each.len(), 3);
    each.sort_by(f64::total_cmp);
    assert_eq!(v["games_per_second"].as_f64().unwrap(), each[1]);
    // Every run plays the same hands: the count of actions is the one-run count.
    let once = json(&unocli(&["bench", "--games", "300"], None));
    assert_eq!(v["actions"], once["actions"]);

    let refused = unocli(&["bench", "--runs", "0"], None);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--runs"));
}

#[test]
fn arena_plays_the_example_external_bot() {
    let bot = [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "..",
        "bots",
        "example-bot.py",
    ]
    .iter()
    .collect::<PathBuf>();
    let spec = format!("cmd:python3 {},random,easy", bot.display());
    let out = unocli(
        &[
            "arena",
            "--players",
            "3",
            "--games",
            "12",
            "--seed",
            "4",
            "--bots",
            &spec,
            "--hands",
        ],
        None,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["games"], 12);
    let bots = v["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 3);
    assert!(bots[0]["name"].as_str().unwrap().starts_with("cmd:python3"));
    assert_eq!(bots[1]["name"], "random");
    let wins: u64 = bots.iter().map(|b| b["wins"].as_u64().unwrap()).sum();
    assert_eq!(
        wins + v["abandoned"].as_u64().unwrap(),
        12,
        "every hand has one winner"
    );
    // The example bot plays sensibly: it wins more hands than the random bot.
    assert!(bots[0]["wins"].as_u64() > bots[1]["wins"].as_u64(), "{v}");
}

#[test]
fn arena_refuses_bad_bot_lists() {
    for bots in [
        "medium,random",
        "medium,nobody,random",
        "hard:lots,random,random",
    ] {
        let out = unocli(&["arena", "--players", "3", "--bots", bots], None);
        assert_eq!(out.status.code(), Some(2), "{bots}");
    }
}

#[test]
fn arena_plays_under_the_house_rules_given() {
    let arena = |house_rules: Option<&str>| {
        let mut args = vec![
            "arena",
            "--players",
            "3",
            "--games",
            "30",
            "--seed",
            "4",
            "--bots",
            "medium,medium,random",
            "--hands",
            "--paired-dice",
        ];
        if let Some(h) = house_rules {
            args.extend(["--house-rules", h]);
        }
        unocli(&args, None)
    };
    let plain = arena(None);
    assert_eq!(plain.status.code(), Some(0));
    // Draw to match: other games (the same deals, the same dice).
    let matched = arena(Some(r#"{"draw_to_match":true}"#));
    assert_eq!(
        matched.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&matched.stderr)
    );
    assert_ne!(games(&json(&plain)), games(&json(&matched)));
    // The default house rules, named: the very games of none given.
    let none = arena(Some("{}"));
    assert_eq!(games(&json(&plain)), games(&json(&none)));
    // A rule the game does not know, and a number out of range: refused, saying why.
    for (bad, said) in [
        (
            r#"{"draw_to_mach":true}"#,
            "--house-rules: unknown field `draw_to_mach`",
        ),
        (r#"{"uno_penalty":0}"#, "uno_penalty must be 1 to 10, not 0"),
    ] {
        let out = arena(Some(bad));
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(said), "{bad}: {err}");
    }
}

/// Each bot's wins and points in an arena's result: what tells two runs played the same games.
fn games(standings: &Value) -> Vec<(Value, Value)> {
    standings["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["wins"].clone(), b["points"].clone()))
        .collect()
}

#[test]
fn an_external_bot_that_fails_is_played_for_and_reported() {
    let arena = |first: &str| {
        let bots = format!("{first},random,easy");
        let args = [
            "arena",
            "--players",
            "3",
            "--games",
            "6",
            "--seed",
            "9",
            "--bots",
            &bots,
            "--hands",
            // Room for Python to start on a busy machine; the failing bot's silence is its
            // exit, which the arena sees at once.
            "--answer-seconds",
            "2",
        ];
        unocli(&args, None)
    };
    // Exits at once: every decision goes unanswered.
    let failed = arena("cmd:exit 0");
    assert_eq!(failed.status.code(), Some(0));
    // Answers what the arena plays for a bot that gives no answer: the first legal action on
    // its turn, "pass" (the list's last entry) out of turn.
    let stand_in = arena(
        "cmd:python3 -c \"import json;import sys\nfor l in sys.stdin:\n m=json.loads(l); v=m['view']; \
         sys.stdout.write(json.dumps(m['legal'][0 if v['turn']==v['seat'] else -1])+'\\n'); \
         sys.stdout.flush()\"",
    );
    assert_eq!(
        stand_in.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&stand_in.stderr)
    );
    let (failed_v, stand_in_v) = (json(&failed), json(&stand_in));
    assert_eq!(games(&failed_v), games(&stand_in_v));
    // Only the failing bot has a count, and standard error names it.
    let missed = failed_v["bots"][0]["bad_answers"].as_u64().unwrap();
    assert!(missed > 6, "at least one decision a hand: {failed_v}");
    assert!(failed_v["bots"][1].get("bad_answers").is_none());
    assert!(stand_in_v["bots"][0].get("bad_answers").is_none());
    let said = String::from_utf8_lossy(&failed.stderr);
    assert!(
        said.contains(&format!(
            "cmd:exit 0 gave no legal answer to {missed} decisions"
        )),
        "{said}"
    );
    assert!(stand_in.stderr.is_empty());

    // Reads every decision and never answers (as a bot that does not flush its output): after
    // one deadline it is played for in the same way, and not asked again.
    let silent = arena("cmd:cat >/dev/null");
    assert_eq!(silent.status.code(), Some(0));
    let silent_v = json(&silent);
    assert_eq!(games(&silent_v), games(&failed_v));
    assert_eq!(silent_v["bots"][0]["bad_answers"].as_u64(), Some(missed));
    let said = String::from_utf8_lossy(&silent.stderr);
    assert_eq!(
        said.matches("gave no answer within 2s, and is not asked again")
            .count(),
        1,
        "{said}"
    );
}

#[test]
fn think_refuses_an_empty_sample_and_a_table_it_cannot_deal() {
    for args in [
        ["think", "--positions", "0"],
        ["think", "--millis", "0"],
        ["think", "--millis", "NaN"],
    ] {
        let out = unocli(&args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--positions wants at least 1"));
    }
    for seats in ["1", "11"] {
        let out = unocli(&["think", "--players", seats], None);
        assert_eq!(out.status.code(), Some(2), "{seats}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr).trim(),
            format!("unocli: --players wants 2 to 10, not {seats}")
        );
    }
}

#[test]
fn think_saves_the_positions_it_times() {
    let dir = std::env::temp_dir().join(format!("unocli-think-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = |name: &str| {
        let path = dir.join(name).to_string_lossy().into_owned();
        let args = [
            "think",
            "--positions",
            "7",
            "--players",
            "6",
            "--millis",
            "1",
            "--save-positions",
            &path,
        ];
        let out = unocli(&args, None);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        std::fs::read_to_string(&path).unwrap()
    };
    let first = saved("a.jsonl");
    assert_eq!(first, saved("b.jsonl"), "the same positions every run");
    let lines: Vec<Value> = first
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 7);
    for line in &lines {
        // Seat 0's view of a six-seat table, on a turn with a choice to make.
        assert_eq!(line["view"]["seat"], 0);
        assert_eq!(line["view"]["hand_sizes"].as_array().unwrap().len(), 6);
        let legal: Vec<uno_engine::Action> = serde_json::from_value(line["legal"].clone()).unwrap();
        assert!(legal.len() > 1, "{legal:?}");
    }
    let nowhere = dir
        .join("no-such-dir/x.jsonl")
        .to_string_lossy()
        .into_owned();
    let out = unocli(
        &["think", "--positions", "1", "--save-positions", &nowhere],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--save-positions"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn paired_dice_make_each_game_depend_on_its_deal_alone() {
    let dir = std::env::temp_dir().join(format!("unocli-paired-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let arena = |seed: &str, games: &str, log: &str, paired: bool| {
        let mut args = vec![
            "arena",
            "--players",
            "3",
            "--bots",
            "easy,random,medium",
            "--hands",
            "--seed",
            seed,
            "--games",
            games,
            "--per-game",
            log,
        ];
        if paired {
            args.push("--paired-dice");
        }
        let out = unocli(&args, None);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<Value> = std::fs::read_to_string(log)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (json(&out), lines)
    };
    let (whole, games) = arena("40", "12", &file("a.jsonl"), true);
    assert_eq!(games.len(), 12);
    // The per-game lines add up to the standings.
    for (i, bot) in whole["bots"].as_array().unwrap().iter().enumerate() {
        let won = games.iter().filter(|g| g["winner"] == i).count();
        let points: u64 = games.iter().map(|g| g["points"][i].as_u64().unwrap()).sum();
        assert_eq!(
            (bot["wins"].as_u64(), bot["points"].as_u64()),
            (Some(won as u64), Some(points))
        );
    }
    // Games 3 to 5 played again alone (deals 43 to 45, the same seats): the same games, as
    // the dice of every bot (easy and random throw them) are set from each deal.
    let (_, again) = arena("43", "3", &file("b.jsonl"), true);
    for (g, later) in again.iter().enumerate() {
        let earlier = &games[g + 3];
        assert_eq!(later["deal"], earlier["deal"]);
        assert_eq!(
            (&later["winner"], &later["points"]),
            (&earlier["winner"], &earlier["points"])
        );
    }
    // Compared with itself a run differs by nothing; with a run of the same deals and kept
    // dice, the figures are those of the two files.
    let compare = |a: &str, b: &str| unocli(&["compare", &file(a), &file(b), "--bot", "2"], None);
    let same = json(&compare("a.jsonl", "a.jsonl"));
    assert_eq!(
        (
            same["difference"].as_f64(),
            same["games_ended_otherwise"].as_u64()
        ),
        (Some(0.0), Some(0))
    );
    let (kept, _) = arena("40", "12", &file("c.jsonl"), false);
    let other = json(&compare("a.jsonl", "c.jsonl"));
    assert_eq!(other["games"], 12);
    assert_eq!(other["first"]["wins"], whole["bots"][2]["wins"]);
    assert_eq!(other["second"]["wins"], kept["bots"][2]["wins"]);
    // Runs of other lengths, a missing file and a bad path are refused with exit 2.
    for out in [
        compare("a.jsonl", "b.jsonl"),
        compare("a.jsonl", "nothing.jsonl"),
        unocli(&["compare", &file("a.jsonl")], None),
        unocli(
            &[
                "arena",
                "--bots",
                "random,random",
                "--per-game",
                &file("no/such/dir.jsonl"),
            ],
            None,
        ),
    ] {
        assert_eq!(out.status.code(), Some(2));
        assert!(!out.stderr.is_empty());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
