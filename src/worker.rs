//! What the page asks the bot worker, and what it answers. Bots think here, off the main
//! thread, so the page never freezes while the hard bot searches.

use gloo_worker::oneshot::oneshot;
use serde::{Deserialize, Serialize};
use uno_bots::{Bot, Level, LevelBot};
use uno_engine::{Action, PlayerView};

/// A request from the page to the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum BotRequest {
    /// Asks the worker to report what it can play: sent once when the page starts.
    Hello,
    /// A bot's decision: on its turn (`out_of_turn` false), or a chance out of turn.
    Decide {
        level: Level,
        seed: u64,
        out_of_turn: bool,
        /// The view and legal actions as JSON (the worker's codec is bincode, which cannot
        /// carry the view's tagged enums).
        view: String,
        legal: String,
    },
}

/// The worker's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BotReply {
    /// The worker is running; the editions its engine knows.
    Ready { editions: Vec<String> },
    /// The bot's action as JSON, or `None` to let an out-of-turn chance pass.
    Decided(Option<String>),
    /// The request could not be read.
    Failed(String),
}

/// Answers one request per call.
#[oneshot]
pub async fn BotWorker(request: BotRequest) -> BotReply {
    answer(request, now_ms)
}

#[cfg(target_arch = "wasm32")]
fn now_ms() -> f64 {
    js_sys::Date::now()
}

#[cfg(not(target_arch = "wasm32"))]
fn now_ms() -> f64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// Milliseconds the hard bot may think in the browser.
pub const HARD_MILLIS: f64 = 40.0;

/// The worker's logic, kept as a plain function so native tests can call it.
#[must_use]
pub fn answer(request: BotRequest, clock: fn() -> f64) -> BotReply {
    match request {
        BotRequest::Hello => BotReply::Ready {
            editions: uno_engine::Edition::ALL
                .iter()
                .map(|e| e.to_string())
                .collect(),
        },
        BotRequest::Decide {
            level,
            seed,
            out_of_turn,
            view,
            legal,
        } => {
            let parsed = serde_json::from_str::<PlayerView>(&view)
                .and_then(|v| Ok((v, serde_json::from_str::<Vec<Action>>(&legal)?)));
            let (view, legal) = match parsed {
                Ok(x) => x,
                Err(e) => return BotReply::Failed(e.to_string()),
            };
            if legal.is_empty() {
                return BotReply::Decided(None);
            }
            let mut bot = LevelBot::new(level, seed);
            bot.budget.millis = Some(HARD_MILLIS);
            bot.budget.clock = Some(clock);
            let action = if out_of_turn {
                bot.out_of_turn(&view, &legal)
            } else {
                Some(bot.decide(&view, &legal))
            };
            BotReply::Decided(action.map(|a| serde_json::to_string(&a).expect("actions serialize")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::{Edition, Game, Rules};

    #[test]
    fn hello_lists_the_five_editions() {
        let BotReply::Ready { editions } = answer(BotRequest::Hello, now_ms) else {
            panic!("not ready");
        };
        assert_eq!(
            editions,
            [
                "Classic",
                "Classic with Blank cards",
                "Masters of the Universe",
                "Spider-Man",
                "ColorADD"
            ]
        );
    }

    #[test]
    fn a_bot_answers_with_a_legal_action_for_every_level() {
        let game = Game::deal(Rules::new(Edition::Classic), 3, 8).unwrap();
        let seat = game.turn();
        let legal = game.legal_actions_for(seat);
        for level in [Level::Random, Level::Easy, Level::Medium, Level::Hard] {
            let reply = answer(
                BotRequest::Decide {
                    level,
                    seed: 1,
                    out_of_turn: false,
                    view: serde_json::to_string(&game.view(seat)).unwrap(),
                    legal: serde_json::to_string(&legal).unwrap(),
                },
                now_ms,
            );
            let BotReply::Decided(Some(json)) = reply else {
                panic!("{level:?}: {reply:?}");
            };
            let action: Action = serde_json::from_str(&json).unwrap();
            assert!(legal.contains(&action), "{level:?} chose {action:?}");
        }
        let bad = answer(
            BotRequest::Decide {
                level: Level::Easy,
                seed: 1,
                out_of_turn: false,
                view: "{".into(),
                legal: "[]".into(),
            },
            now_ms,
        );
        assert!(matches!(bad, BotReply::Failed(_)));
    }
}
