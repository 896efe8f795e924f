//! What the page asks the bot worker, and what it answers. Bots think here, off the main
//! thread, so the page never freezes while the hard bot searches.

use gloo_worker::oneshot::oneshot;
use gloo_worker::Codec;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use uno_bots::{Bot, Level, LevelBot};
use uno_engine::{Action, PlayerView};
use wasm_bindgen::JsValue;

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
        view: Box<PlayerView>,
        legal: Vec<Action>,
    },
}

/// The worker's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BotReply {
    /// The worker is running; the editions its engine knows.
    Ready { editions: Vec<String> },
    /// The bot's action, or `None` to let an out-of-turn chance pass.
    Decided(Option<Action>),
}

/// The worker's messages travel as JSON text: gloo-worker's default encoding (bincode)
/// cannot carry the view's internally tagged enums. Both sides use it (`BotWorker::spawner()
/// .encoding::<Json>()` and `registrar().encoding::<Json>()`).
pub struct Json;

impl Codec for Json {
    fn encode<I: Serialize>(input: I) -> JsValue {
        JsValue::from_str(&serde_json::to_string(&input).expect("worker messages serialize"))
    }

    fn decode<O: DeserializeOwned>(input: JsValue) -> O {
        serde_json::from_str(&input.as_string().unwrap_or_default())
            .expect("a worker message is the JSON its other side wrote")
    }
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
            if legal.is_empty() {
                return BotReply::Decided(None);
            }
            let mut bot = LevelBot::new(level, seed);
            bot.budget.millis = Some(HARD_MILLIS);
            bot.budget.clock = Some(clock);
            BotReply::Decided(if out_of_turn {
                bot.out_of_turn(&view, &legal)
            } else {
                Some(bot.decide(&view, &legal))
            })
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
        for level in Level::ALL {
            let reply = answer(
                BotRequest::Decide {
                    level,
                    seed: 1,
                    out_of_turn: false,
                    view: Box::new(game.view(seat)),
                    legal: legal.clone(),
                },
                now_ms,
            );
            let BotReply::Decided(Some(action)) = reply else {
                panic!("{level:?}: {reply:?}");
            };
            assert!(legal.contains(&action), "{level:?} chose {action:?}");
        }
        let nothing = answer(
            BotRequest::Decide {
                level: Level::Easy,
                seed: 1,
                out_of_turn: true,
                view: Box::new(game.view(seat)),
                legal: vec![],
            },
            now_ms,
        );
        assert_eq!(nothing, BotReply::Decided(None));
    }

    #[test]
    fn a_request_travels_as_json_and_back() {
        let game = Game::deal(Rules::new(Edition::SpiderMan), 4, 2).unwrap();
        let request = BotRequest::Decide {
            level: Level::Hard,
            seed: 3,
            out_of_turn: false,
            view: Box::new(game.view(1)),
            legal: game.legal_actions_for(1),
        };
        let text = serde_json::to_string(&request).unwrap();
        assert_eq!(serde_json::from_str::<BotRequest>(&text).unwrap(), request);
    }
}
