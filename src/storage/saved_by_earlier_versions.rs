//! What earlier versions of the site kept must read in every later one: a player who comes
//! back after a deploy finds the game, the record and the options they left. `tests/saved/`
//! holds, per version that changed what is kept, the exact texts that version wrote (the games,
//! the record and the options, or only what it changed of them); each is read here with
//! today's code. (A change that fails this needs a `serde(default)`, or a
//! reading of the older shape: never a new fixture in place of the old one.)

use super::{Match, Options};
use crate::options::Person;
use crate::record::Record;
use crate::settings::Speed;
use crate::table::Table;
use serde_json::{json, Value};
use uno_engine::{CustomEffect, Edition, Phase};
use uno_protocol::unsaid;

/// The texts a version kept, and what each must read as.
const KEPT: [&str; 5] = [
    include_str!("../../tests/saved/page-2026-11-28.json"),
    // The options stamped with their version (`OPTIONS_VERSION`): the games and record as before.
    include_str!("../../tests/saved/page-2026-11-28-options-version.json"),
    // A pass-and-play game keeps how much of the round each person's screen showed (`shown`).
    include_str!("../../tests/saved/page-2026-11-29.json"),
    // The record's version 2: rounds in online rooms on lines of their own (the record only).
    include_str!("../../tests/saved/page-2026-11-29-record-online.json"),
    // The record's version 3: pass-and-play at this device, by person (the record only).
    include_str!("../../tests/saved/page-2026-11-29-record-people.json"),
];

/// The tables the fixtures hold: a few editions, house rules and table kinds (pass-and-play,
/// watched), mid-round and at a round's end, with `steps` moves each.
fn tables() -> Vec<(&'static str, Options, u64, usize)> {
    let mut classic = Options {
        players: 4,
        level: uno_bots::Level::Hard,
        seat_levels: vec![uno_bots::Level::Easy],
        ..Options::default()
    };
    let h = &mut classic.rules.house_rules;
    (h.stack_draw_twos, h.stack_draw_fours, h.stack_mixed) = (true, true, true);
    (h.jump_in, h.seven_o) = (true, true);
    h.target = Some(200);
    let mut spider = Options {
        players: 3,
        people: vec![Person {
            seat: 2,
            name: "Grandma".into(),
        }],
        name: "Sam".into(),
        ..Options::default()
    };
    crate::options::edition_chosen(&mut spider.rules, Edition::SpiderMan);
    let mut coloradd = Options {
        players: 5,
        symbols: true,
        speed: Speed::Fast,
        watch: true,
        ..Options::default()
    };
    crate::options::edition_chosen(&mut coloradd.rules, Edition::ColorAdd);
    coloradd.rules.custom_effect = CustomEffect::SwapHands;
    coloradd.rules.house_rules.draw_to_match = true;
    let mut masters = Options {
        players: 2,
        ..Options::default()
    };
    crate::options::edition_chosen(&mut masters.rules, Edition::Masters);
    masters.rules.house_rules.scoring = Some(uno_engine::Scoring::Alternative);
    vec![
        (
            "classic, stacking, jump-in, seven-O, mid-round",
            classic.clone(),
            11,
            30,
        ),
        ("spider-man, pass-and-play, mid-round", spider, 12, 45),
        ("coloradd, watched, swap hands, mid-round", coloradd, 13, 50),
        (
            "masters, two players, at a round's end",
            masters,
            14,
            usize::MAX,
        ),
        ("classic, at a round's end", classic, 15, usize::MAX),
    ]
}

/// Tables waiting on an answer (a penalty to stack or draw, a challenge, a choice of
/// player), set up as scenarios: random moves seldom stop there.
fn waiting_tables() -> Vec<(&'static str, Match)> {
    let scenarios = [
        (
            "a Draw Two to stack or draw",
            r#"{"edition":"classic","house_rules":{"stack_draw_twos":true},"setup":{"hands":[["RD2","B2","G5"],["GD2","B3","Y7"],["Y1","B4"]],"draw_pile":["R5","R6","R7","R8"],"discard_pile":["R3"],"turn":0},
            "actions":[{"seat":0,"do":"play","card":"RD2"}]}"#,
        ),
        (
            "a Wild Draw Four to challenge or accept",
            r#"{"edition":"classic","setup":{"hands":[["W4","R2","G5"],["G1","B2"],["Y3","B3"]],"draw_pile":["R5","R6","R7","R8","G1","G2"],"discard_pile":["R3"],"turn":0},
            "actions":[{"seat":0,"do":"play","card":"W4","color":"blue"}]}"#,
        ),
        (
            "a Web Swing's choice, every hand shown",
            r#"{"edition":"spider-man","setup":{"hands":[["WS","R1","B5"],["G1","B2"],["G2","B3"],["Y1","B4"]],"draw_pile":["R5","R6","R7","R8"],"discard_pile":["R3"],"turn":0},
            "actions":[{"seat":0,"do":"play","card":"WS","color":"green"}]}"#,
        ),
        (
            "a seven-O swap to choose",
            r#"{"edition":"coloradd","house_rules":{"seven_o":true},"custom_effect":"discard_color","setup":{"hands":[["R7","B2","WC"],["G1","B2"],["Y3","B3"]],"draw_pile":["R5","R6"],"discard_pile":["R3"],"turn":0},
            "actions":[{"seat":0,"do":"play","card":"R7"}]}"#,
        ),
    ];
    scenarios
        .into_iter()
        .map(|(about, json)| {
            let scenario: uno_engine::scenario::Scenario = serde_json::from_str(json).unwrap();
            let game = scenario.play().unwrap().unwrap();
            let options = Options {
                rules: *game.rules(),
                players: game.players(),
                ..Options::default()
            };
            (about, Match::new(options, 7, game))
        })
        .collect()
}

/// A match of `options` after `steps` moves (or to the round's end), each a legal action
/// a fixed sequence picks, a card played whenever one may be (so a round ends), the device
/// taken at each handover.
fn played(options: Options, seed: u64, steps: usize) -> Match {
    let mut m = Match::deal(options, seed).unwrap();
    let mut pick = seed;
    for _ in 0..steps {
        if m.game.outcome().is_some() {
            break;
        }
        let legal = m.game.legal_actions();
        let plays: Vec<_> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, uno_engine::Action::Play { .. }))
            .collect();
        let from = if plays.is_empty() { &legal } else { &plays };
        pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        // At one device each person takes it before acting (fixtures from 2026-11-29 on).
        m.take_over();
        m.act(from[(pick >> 33) as usize % from.len()]).unwrap();
    }
    m
}

/// What a kept game must read as: its table, exactly.
fn facts(m: &Match) -> Value {
    json!({
        "table": m.game.setup(),
        "version": m.version,
        "history": m.game.history().len(),
        "round_over": matches!(m.game.phase(), Phase::RoundOver { .. }),
        "viewer": m.viewer,
        "handover": m.handover,
        "news_from": m.news_from(),
        "options": m.options,
    })
}

/// Writes today's fixture: `UNO_SAVED_OUT=tests/saved/page-DATE.json cargo test -p uno-web
/// write_todays_saves -- --ignored`, once for a version that changes what is kept.
#[test]
#[ignore = "writes a fixture"]
fn write_todays_saves() {
    let games: Vec<Value> = tables()
        .into_iter()
        .map(|(about, options, seed, steps)| (about, played(options, seed, steps)))
        .chain(waiting_tables())
        .map(|(about, m)| {
            json!({ "about": about, "kept": serde_json::to_string(&m).unwrap(), "reads_as": facts(&m) })
        })
        .collect();
    let mut record = Record::default();
    let m = played(tables()[4].1.clone(), 15, usize::MAX);
    let outcome = m.game.outcome().unwrap();
    record.count(&m.options, m.seed, m.version, 0, &outcome, outcome.points);
    let kept = json!({
        "games": games,
        "record": { "kept": serde_json::to_string(&record).unwrap(), "reads_as": record },
        "options": { "kept": tables()[0].1.kept(), "reads_as": tables()[0].1 },
    });
    let out = std::env::var("UNO_SAVED_OUT").expect("UNO_SAVED_OUT: where to write");
    std::fs::write(out, serde_json::to_string_pretty(&kept).unwrap() + "\n").unwrap();
}

#[test]
fn every_game_an_earlier_version_kept_resumes_as_it_was_and_plays_on() {
    for text in KEPT {
        let fixture: Value = serde_json::from_str(text).unwrap();
        for game in fixture["games"].as_array().into_iter().flatten() {
            let about = &game["about"];
            let m: Match = serde_json::from_str(game["kept"].as_str().unwrap())
                .unwrap_or_else(|e| panic!("{about}: {e}"));
            assert_eq!(unsaid(&game["reads_as"], &facts(&m)), None, "{about}");
            // As the page resumes it, and a move on.
            let mut m = m.resumed();
            if m.game.outcome().is_some() {
                m.next_round().unwrap_or_else(|e| panic!("{about}: {e}"));
            }
            let action = m.game.legal_actions()[0];
            m.act(action).unwrap_or_else(|e| panic!("{about}: {e}"));
        }
    }
}

#[test]
fn the_record_and_options_an_earlier_version_kept_read_as_they_were() {
    for text in KEPT {
        let fixture: Value = serde_json::from_str(text).unwrap();
        if let Some(kept) = fixture["record"]["kept"].as_str() {
            let (record, said) = Record::read(Some(kept));
            assert_eq!(said, None);
            let record = serde_json::to_value(&record).unwrap();
            assert_eq!(unsaid(&fixture["record"]["reads_as"], &record), None);
        }
        let Some(kept) = fixture["options"]["kept"].as_str() else {
            continue;
        };
        assert!(
            !Options::kept_by_newer(kept),
            "written over as this version's own"
        );
        let options: Options = serde_json::from_str(kept).unwrap();
        let options = serde_json::to_value(&options).unwrap();
        assert_eq!(unsaid(&fixture["options"]["reads_as"], &options), None);
    }
}
