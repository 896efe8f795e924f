//! Runs every scenario file in `tests/scenarios/`: one per rule and per edition difference.
//! A file holds a scenario (docs/SCENARIOS.md) and an `expect` block:
//! - `state`, `round`, `winner` and optionally `legal` (compared as a set) after the actions;
//! - or `error: { index, kind }` and the `state` as it was before the refused action;
//! - or, for files named `invalid-*`, `invalid`: text the validation error must contain.

use serde_json::Value;
use std::collections::HashSet;
use std::path::Path;
use uno_engine::{Action, Scenario, Setup};

fn check(path: &Path) -> Result<(), String> {
    let name = path.file_stem().unwrap().to_string_lossy().to_string();
    let text = std::fs::read_to_string(path).unwrap();
    if name.starts_with("invalid-") {
        let needle = serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|v| v["expect"]["invalid"].as_str().map(str::to_string));
        let message = match serde_json::from_str::<Scenario>(&text) {
            Err(e) => e.to_string(),
            Ok(scenario) => match scenario.run() {
                Err(e) => e.to_string(),
                Ok(_) => return Err("a malformed scenario was accepted".into()),
            },
        };
        return match needle {
            Some(n) if !message.contains(&n) => Err(format!("error {message:?} lacks {n:?}")),
            _ => Ok(()),
        };
    }
    let value: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let expect = &value["expect"];
    let scenario: Scenario = serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
    let want_state: Setup = serde_json::from_value(expect["state"].clone())
        .map_err(|e| format!("expect.state: {e}"))?;
    match scenario.run().map_err(|e| e.to_string())? {
        Ok(report) => {
            if !expect["error"].is_null() {
                return Err(format!(
                    "expected a refusal, but all actions were accepted: {:?}",
                    report.state
                ));
            }
            if report.state != want_state {
                return Err(format!(
                    "state\n  got  {:?}\n  want {:?}",
                    report.state, want_state
                ));
            }
            let round = serde_json::to_value(report.round).unwrap();
            if round != expect["round"] {
                return Err(format!("round: got {round}, want {}", expect["round"]));
            }
            let winner = serde_json::to_value(report.winner).unwrap();
            if winner != expect["winner"] {
                return Err(format!("winner: got {winner}, want {}", expect["winner"]));
            }
            if !expect["legal"].is_null() {
                let want: Vec<Action> = serde_json::from_value(expect["legal"].clone()).unwrap();
                let got: HashSet<Action> = report.legal.iter().copied().collect();
                if got != want.iter().copied().collect() || got.len() != report.legal.len() {
                    return Err(format!("legal\n  got  {:?}\n  want {want:?}", report.legal));
                }
            }
        }
        Err(refusal) => {
            let want = &expect["error"];
            if want.is_null() {
                return Err(format!(
                    "action {} refused: {}",
                    refusal.error.index, refusal.error.message
                ));
            }
            if want["index"] != refusal.error.index || want["kind"] != refusal.error.kind.as_str() {
                return Err(format!(
                    "refused action {} as {} ({}), want {} as {}",
                    refusal.error.index,
                    refusal.error.kind,
                    refusal.error.message,
                    want["index"],
                    want["kind"]
                ));
            }
            if refusal.state != want_state {
                return Err(format!(
                    "state before the refused action\n  got  {:?}\n  want {:?}",
                    refusal.state, want_state
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn every_scenario_file() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 60, "only {} scenario files", paths.len());
    let failures: Vec<String> = paths
        .iter()
        .filter_map(|p| {
            check(p)
                .err()
                .map(|e| format!("{}: {e}", p.file_name().unwrap().to_string_lossy()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n\n")
    );
}
