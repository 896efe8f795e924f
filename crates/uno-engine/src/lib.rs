//! The rules engine of an UNO-style card game, as a pure, seeded state machine.
//!
//! Implements every rule of the project's `docs/RULES.md` (which follows the five rule sheets):
//! the editions Classic (108 cards), Classic with Blank cards, Masters of the Universe (purple;
//! Wild Power of Grayskull), Spider-Man (Wild Web Swing; action start cards ignored; first out
//! wins) and ColorADD (Wild Customizable); dealer selection, start cards, matching, drawing and
//! reneging, Draw Two / Skip / Reverse / Wild / Wild Draw Four with its challenge, UNO calls and
//! catches, reshuffles, scoring (standard, alternative, single hand) and the house rules
//! (stacking, jump-in, seven-O, draw to match, forced play, no bluffing, UNO penalty, target).
//!
//! Shape: a `Game` is built from a `Setup` or dealt from a seed; `legal_actions()` lists what
//! every seat may do (`turn_plays()` gives the turn's plays as card sets, for simulations); `apply(action)` returns the `Event`s that happened or a `RuleError` and
//! leaves the game unchanged; `view(seat)` is what one seat may know; `outcome()` how a round
//! ended. All chance comes from the seed held in the game. No web dependency.
//!
//! ```
//! use uno_engine::{Action, Card, Color, Direction, Edition, Game, Rules, Setup};
//! let setup = Setup {
//!     hands: vec![vec![Card::number(Color::Red, 7), Card::WILD], vec![Card::skip(Color::Blue)]],
//!     draw_pile: vec![],
//!     discard_pile: vec![Card::number(Color::Red, 3)],
//!     color: Some(Color::Red),
//!     turn: 0, direction: Direction::Left, dealer: 1, scores: vec![],
//! };
//! let mut game = Game::from_setup(Rules::new(Edition::Classic), setup, 1).unwrap();
//! game.apply(Action::Play { seat: 0, card: Card::number(Color::Red, 7), color: None }).unwrap();
//! assert_eq!(game.turn(), 1);
//! assert!(game.apply(Action::Draw { seat: 0 }).is_err(), "not seat 0's turn");
//! ```

pub mod action;
pub mod card;
pub mod edition;
pub mod error;
pub mod event;
pub mod game;
pub mod hand;
pub mod rng;
pub mod rules;
pub mod scenario;
pub mod seat;
mod tagged;
pub use game::view;

pub use action::Action;
pub use card::{Card, Color, Face};
pub use edition::{DealerRule, Edition, EditionRules, ReverseStart, Scoring, StartCard};
pub use error::{RuleError, SetupError};
pub use event::Event;
pub use game::{
    dealer_value, draw_for_dealer, Choice, DealerDraw, Game, Guess, Offence, Outcome, Phase,
    Reveal, Setup, TurnPlays, DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS,
};
pub use hand::{Cards, Hand};
pub use rng::Rng;
pub use rules::{CustomEffect, HouseRuleSwitch, HouseRules, Rules};
pub use scenario::{Report, Scenario, ScenarioError};
pub use seat::{Direction, Seat};
pub use view::{Pending, PlayerView};
