//! Where the page keeps things between visits (`localStorage`): the New game options, the game
//! in progress (saved after every move, checked as it is read back), an unreadable save set
//! aside, and the earlier game a link or Leave table set aside. Also what the page's address
//! asks for on the first load.

use crate::browser_storage::{self as kept, Kept};
use crate::link::Link;
use crate::options::Options;
use crate::state::TableState;
use crate::table::local::Match;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

pub const OPTIONS_KEY: &str = "uno-table.options";
pub const GAME_KEY: &str = "uno-table.game";
/// Where a saved game that could not be read is set aside.
pub const UNREADABLE_KEY: &str = "uno-table.game.unreadable";
/// Where the game in progress waits after the player left its table or a link's game
/// replaced it. One waits at a time, and it stays until it is resumed or a New game is
/// started instead: a game left or replaced while one waits is the later one, not kept.
pub const EARLIER_KEY: &str = "uno-table.game.earlier";

/// The game in progress as this tab last saw it kept, by its own save or another tab's (tabs
/// of this site share the storage). A tab saves only over what it saw, so one left behind
/// never saves over a game another tab played on: it takes that game up instead.
pub struct SavedGame {
    seen: RefCell<Option<String>>,
    /// Games taken up from other tabs so far: a save asked for before one is dropped.
    taken_up: Cell<u64>,
}

impl SavedGame {
    /// What is kept now.
    #[must_use]
    pub fn seen_now() -> SavedGame {
        SavedGame {
            seen: RefCell::new(kept::get(GAME_KEY)),
            taken_up: Cell::new(0),
        }
    }

    /// The ticket of a save asked for now.
    #[must_use]
    pub fn ticket(&self) -> u64 {
        self.taken_up.get()
    }

    /// Keeps `game` (none: removes the game in progress), unless a game was taken up since
    /// `ticket`, or another tab saved since this one last looked: then returns what it kept,
    /// to take up instead (as `take_up`).
    pub fn save(&self, ticket: u64, game: Option<&Match>) -> Option<Newer> {
        if ticket != self.taken_up.get() {
            return None;
        }
        let kept_now = kept::get(GAME_KEY);
        if kept_now != *self.seen.borrow() {
            return self.take_up();
        }
        let Some(m) = game else {
            kept::delete(GAME_KEY);
            *self.seen.borrow_mut() = None;
            return None;
        };
        if let Ok(text) = serde_json::to_string(m) {
            if kept_now.as_ref() != Some(&text) && kept::set(GAME_KEY, &text) {
                *self.seen.borrow_mut() = Some(text);
            }
        }
        None
    }

    /// What another tab kept since this one last looked (`None`: nothing changed). A game
    /// this page cannot read is never saved over: this tab saves nothing more.
    pub fn take_up(&self) -> Option<Newer> {
        let kept_now = kept::get(GAME_KEY);
        if kept_now == *self.seen.borrow() {
            return None;
        }
        let game = match &kept_now {
            Some(text) => match serde_json::from_str::<Match>(text) {
                Ok(m) => Some(Box::new(m)),
                Err(_) => return Some(Newer::Unreadable),
            },
            None => None,
        };
        *self.seen.borrow_mut() = kept_now;
        self.taken_up.set(self.taken_up.get() + 1);
        Some(Newer::Game(game))
    }
}

/// What another tab of this site kept in place of the game this tab last saw.
pub enum Newer {
    /// Its game, to show here too; none when it went back to New game.
    Game(Option<Box<Match>>),
    /// A game this page cannot read: kept by a newer version of the site, which a reload
    /// brings here (or, set aside there, a save spoilt since).
    Unreadable,
}

/// The game saved under `key`, if there is one; a save that cannot be read is reported and
/// set aside.
pub fn load_game(key: &str) -> (Option<Match>, Option<String>) {
    match kept::get_json::<Match>(key) {
        // A finished game is not resumed.
        Kept::Read(m) if !m.is_over() => (Some(m.resumed()), None),
        Kept::Read(_) | Kept::Nothing => (None, None),
        Kept::Unreadable(raw) => {
            set_aside_unreadable(key, &raw);
            (
                None,
                Some(
                    "Your saved game could not be read, so it was set aside: start a new one."
                        .into(),
                ),
            )
        }
    }
}

/// The table the page opens on. A link with game parameters deals that game; otherwise the
/// saved game resumes. The address loses its query once read, so a reload resumes the game
/// instead of dealing it again; a link that asks for no possible game loses nothing.
pub fn first_table(options: &Options) -> TableState {
    let mut link_notice = None;
    if let Some(link) = Link::parse(&location_query(), options) {
        forget_query();
        link_notice = link.notice.clone();
        if link.understood {
            match link.into_match(new_seed()) {
                Ok(m) => {
                    let (kept, unreadable) = set_aside_game_in_progress();
                    return TableState {
                        current: Some(Rc::new(m)),
                        notice: sentences([link_notice, unreadable, kept]),
                        ..TableState::default()
                    };
                }
                Err(e) => link_notice = Some(e),
            }
        }
    }
    let (current, notice) = load_game(GAME_KEY);
    TableState {
        current: current.map(Rc::new),
        notice: sentences([link_notice, notice]),
        ..TableState::default()
    }
}

/// Before a link's game replaces it, the saved game in progress waits for the player to come
/// back to it. Returns what to tell the player, and the notice of a save that could not be read.
fn set_aside_game_in_progress() -> (Option<String>, Option<String>) {
    let (current, unreadable) = load_game(GAME_KEY);
    let told = current
        .is_some_and(|m| set_aside(&m))
        .then(|| "Your game in progress is kept: leave this table to resume it.".into());
    (told, unreadable)
}

/// Keeps `m` under `EARLIER_KEY` unless its game is over or another game waits there already;
/// whether it was kept.
pub fn set_aside(m: &Match) -> bool {
    !earlier_game_waits() && !m.is_over() && kept::set_json(EARLIER_KEY, m)
}

/// Whether a game that can be resumed waits under `EARLIER_KEY`. One that cannot be read is
/// set aside (under `UNREADABLE_KEY`) instead of being offered, and no longer blocks keeping
/// the game in progress.
pub fn earlier_game_waits() -> bool {
    match kept::get_json::<Match>(EARLIER_KEY) {
        Kept::Read(m) => !m.is_over(),
        Kept::Nothing => false,
        Kept::Unreadable(raw) => {
            set_aside_unreadable(EARLIER_KEY, &raw);
            false
        }
    }
}

/// Whether a game another tab set aside waits, as far as this page can read it: one it
/// cannot is left where it is (a newer version of the site, open in that tab, kept it).
pub fn earlier_game_kept() -> bool {
    matches!(kept::get_json::<Match>(EARLIER_KEY), Kept::Read(m) if !m.is_over())
}

/// A save under `key` that cannot be read moves to `UNREADABLE_KEY`: kept, not lost (the next
/// save under `key` would overwrite it).
fn set_aside_unreadable(key: &str, raw: &str) {
    kept::set(UNREADABLE_KEY, raw);
    kept::delete(key);
}

/// The page address's query string (`?edition=...`), empty outside a browser.
fn location_query() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        String::new()
    }
}

/// The notices that are there, as one text.
fn sentences<const N: usize>(notices: [Option<String>; N]) -> Option<String> {
    let text = notices.into_iter().flatten().collect::<Vec<_>>().join(" ");
    (!text.is_empty()).then_some(text)
}

/// Drops the query from the address bar (no reload, no new history entry).
fn forget_query() {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        let path = window.location().pathname().unwrap_or_default();
        let hash = window.location().hash().unwrap_or_default();
        crate::back::replace_url(&format!("{path}{hash}"));
    }
}

/// A new game's seed, from the browser's random numbers: the only randomness outside the
/// engine.
#[must_use]
pub fn new_seed() -> u64 {
    #[cfg(target_arch = "wasm32")]
    let random = js_sys::Math::random();
    #[cfg(not(target_arch = "wasm32"))]
    let random = 0.5;
    (random * 1e15) as u64
}

/// What earlier versions of the site kept must read in every later one: a player who comes
/// back after a deploy finds the game, the record and the options they left. `tests/saved/`
/// holds, per version that changed what is kept, the exact texts that version wrote; each is
/// read here with today's code. (A change that fails this needs a `serde(default)`, or a
/// reading of the older shape: never a new fixture in place of the old one.)
#[cfg(test)]
mod saved_by_earlier_versions {
    use super::*;
    use crate::options::Person;
    use crate::record::Record;
    use crate::settings::Speed;
    use crate::table::Table;
    use serde_json::{json, Value};
    use uno_engine::{CustomEffect, Edition, Phase};
    use uno_protocol::unsaid;

    /// The texts a version kept, and what each must read as.
    const KEPT: [&str; 1] = [include_str!("../tests/saved/page-2026-11-28.json")];

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
    /// a fixed sequence picks, a card played whenever one may be (so a round ends).
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
            "options": { "kept": serde_json::to_string(&tables()[0].1).unwrap(), "reads_as": tables()[0].1 },
        });
        let out = std::env::var("UNO_SAVED_OUT").expect("UNO_SAVED_OUT: where to write");
        std::fs::write(out, serde_json::to_string_pretty(&kept).unwrap() + "\n").unwrap();
    }

    #[test]
    fn every_game_an_earlier_version_kept_resumes_as_it_was_and_plays_on() {
        for text in KEPT {
            let fixture: Value = serde_json::from_str(text).unwrap();
            for game in fixture["games"].as_array().unwrap() {
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
            let (record, said) = Record::read(fixture["record"]["kept"].as_str());
            assert_eq!(said, None);
            let record = serde_json::to_value(&record).unwrap();
            assert_eq!(unsaid(&fixture["record"]["reads_as"], &record), None);
            let options: Options =
                serde_json::from_str(fixture["options"]["kept"].as_str().unwrap()).unwrap();
            let options = serde_json::to_value(&options).unwrap();
            assert_eq!(unsaid(&fixture["options"]["reads_as"], &options), None);
        }
    }
}
