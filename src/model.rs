//! The browser game's own state, free of Yew: the options a player picks, a match in progress
//! (the engine's `Game` plus who plays each seat), and the words the log uses for events.
//! Rules are the engine's: nothing here decides what is legal.

use serde::{Deserialize, Serialize};
use uno_bots::Level;
use uno_engine::{
    Action, Card, Color, Edition, Event, Game, Rules, Seat, DEFAULT_PLAYERS, MAX_PLAYERS,
    MIN_PLAYERS,
};

/// The human always sits in seat 0.
pub const HUMAN: Seat = 0;

/// Names of the seats, the human's first.
pub const NAMES: [&str; 10] = [
    "You", "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo",
];

/// What the player chooses on the New game screen (remembered between visits).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// The table's rules (saved as the keys `edition`, `house_rules`, `custom_effect` and
    /// `edition_cards`, as before they were one value).
    #[serde(flatten)]
    pub rules: Rules,
    pub players: usize,
    /// Every opponent's level, unless `seat_levels` says otherwise for a seat.
    pub level: Level,
    /// Levels of seats 1, 2, ... set one by one (missing: `level`).
    pub seat_levels: Vec<Level>,
    /// ColorADD symbols on cards, the picker and in messages.
    pub symbols: bool,
    /// How fast cards move and opponents play.
    pub speed: Speed,
    /// Watch mode (`?watch=1`): a bot plays the player's seat too, round after round.
    #[serde(skip)]
    pub watch: bool,
}

/// How fast cards move (the travel times are in static/style.css, by `data-speed`) and how
/// long an opponent pauses before its move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    /// No animation, and the shortest pause.
    Instant,
}

impl Speed {
    pub const ALL: [(Speed, &'static str); 4] = [
        (Speed::Slow, "Slow"),
        (Speed::Normal, "Normal"),
        (Speed::Fast, "Fast"),
        (Speed::Instant, "No animation"),
    ];

    /// Milliseconds an opponent waits before its move, so a person can follow.
    #[must_use]
    pub fn pause_ms(self) -> u32 {
        match self {
            Speed::Slow => 1400,
            Speed::Normal => 750,
            Speed::Fast => 300,
            Speed::Instant => 60,
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rules: Rules::default(),
            players: DEFAULT_PLAYERS,
            level: Level::Medium,
            seat_levels: Vec::new(),
            symbols: false,
            speed: Speed::Normal,
            watch: false,
        }
    }
}

impl Options {
    /// The level of the bot in `seat` (1 and up).
    #[must_use]
    pub fn level_of(&self, seat: Seat) -> Level {
        usize::from(seat)
            .checked_sub(1)
            .and_then(|i| self.seat_levels.get(i))
            .copied()
            .unwrap_or(self.level)
    }
}

/// A game asked for by the page's address: `?edition=classic&players=4&seed=123&level=easy`
/// deals that game; `?scenario=...` (a scenario file's JSON, URL-encoded) opens that table
/// position, the player in seat 0. `notice` names the parameters that were ignored;
/// `understood` is false when every parameter was (such a link asks for no game).
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub options: Options,
    pub seed: Option<u64>,
    pub scenario: Option<uno_engine::Scenario>,
    pub notice: Option<String>,
    pub understood: bool,
}

impl Link {
    /// The link in `query`, over the remembered `base` options; `None` without parameters.
    #[must_use]
    pub fn parse(query: &str, base: &Options) -> Option<Link> {
        let mut options = base.clone();
        let mut seed = None;
        let mut scenario = None;
        let mut bad = Vec::new();
        let mut pairs = 0;
        for pair in query
            .trim_start_matches('?')
            .split('&')
            .filter(|p| !p.is_empty())
        {
            let (key, raw) = pair.split_once('=').unwrap_or((pair, ""));
            let value = percent_decode(raw);
            pairs += 1;
            match key {
                "edition" => match value.parse::<Edition>() {
                    Ok(e) => options.rules.edition = e,
                    Err(_) => bad.push(format!("edition={value} (not an edition)")),
                },
                "players" => match value.parse::<usize>() {
                    Ok(n) if (MIN_PLAYERS..=MAX_PLAYERS).contains(&n) => options.players = n,
                    _ => bad.push(format!("players={value} (2 to 10)")),
                },
                "seed" => match value.parse::<u64>() {
                    Ok(n) => seed = Some(n),
                    Err(_) => bad.push(format!("seed={value} (a whole number)")),
                },
                "level" => match value.as_str() {
                    "easy" => (options.level, options.seat_levels) = (Level::Easy, Vec::new()),
                    "medium" => (options.level, options.seat_levels) = (Level::Medium, Vec::new()),
                    "hard" => (options.level, options.seat_levels) = (Level::Hard, Vec::new()),
                    _ => bad.push(format!("level={value} (easy, medium or hard)")),
                },
                "watch" => options.watch = value != "0",
                "scenario" => match serde_json::from_str::<uno_engine::Scenario>(&value) {
                    Ok(s) => scenario = Some(s),
                    Err(e) => bad.push(format!("scenario ({e})")),
                },
                _ => bad.push(format!("{key} (unknown)")),
            }
        }
        (pairs > 0).then(|| Link {
            options,
            seed,
            scenario,
            notice: (!bad.is_empty()).then(|| format!("Ignored in the link: {}.", bad.join(", "))),
            understood: pairs > bad.len(),
        })
    }

    /// The match the link asks for; `random_seed` when it names none.
    pub fn into_match(self, random_seed: u64) -> Result<Match, String> {
        let Some(scenario) = self.scenario else {
            return Match::deal(self.options, self.seed.unwrap_or(random_seed));
        };
        let game = match scenario.play() {
            Ok(Ok(game)) => game,
            Ok(Err((i, e, _))) => {
                return Err(format!("The puzzle's action {i} is not allowed: {e}."))
            }
            Err(e) => {
                return Err(format!(
                    "The puzzle in the link is not a possible table: {e}."
                ))
            }
        };
        let options = Options {
            rules: scenario.rules,
            players: game.players(),
            ..self.options
        };
        let mut m = Match {
            options,
            seed: scenario.seed,
            game,
            log: Vec::new(),
            version: 0,
        };
        m.log.push("A puzzle position from the link.".into());
        Ok(m)
    }
}

/// `%XX` and `+` decoding of a query value (a malformed escape is kept as it is).
fn percent_decode(raw: &str) -> String {
    let hex = |b: u8| (b as char).to_digit(16);
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = match bytes.get(i..i + 3) {
            Some([b'%', hi, lo]) => hex(*hi).zip(hex(*lo)).map(|(h, l)| (h * 16 + l) as u8),
            _ => None,
        };
        match (escaped, bytes[i]) {
            (Some(b), _) => {
                out.push(b);
                i += 3;
            }
            (None, b'+') => {
                out.push(b' ');
                i += 1;
            }
            (None, b) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A game in progress in the browser.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Match {
    pub options: Options,
    pub seed: u64,
    pub game: Game,
    /// What happened, newest last, in words.
    pub log: Vec<String>,
    /// Counts the actions applied: a bot's answer for an older table is ignored.
    pub version: u64,
}

impl Match {
    /// Whether the whole game is over (a round over is not): such a game is not resumed.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some_and(|o| o.game_winner.is_some())
    }

    /// Deals a new game: the same table `unocli deal` deals for these options and seed.
    pub fn deal(options: Options, seed: u64) -> Result<Match, String> {
        let game = Game::deal(options.rules, options.players, seed).map_err(|e| e.to_string())?;
        let mut m = Match {
            options,
            seed,
            game,
            log: Vec::new(),
            version: 0,
        };
        let events = m.game.history().to_vec();
        m.narrate(&events);
        Ok(m)
    }

    /// Applies one action through the engine; a refused action changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, String> {
        let events = self.game.apply(action).map_err(|e| e.to_string())?;
        self.version += 1;
        self.narrate(&events);
        Ok(events)
    }

    /// Deals the next round after one ended.
    pub fn next_round(&mut self) -> Result<(), String> {
        self.game.start_next_round().map_err(|e| e.to_string())?;
        self.version += 1;
        self.log.clear();
        let events = self.game.history().to_vec();
        self.narrate(&events);
        Ok(())
    }

    /// The legal actions of the human's seat.
    #[must_use]
    pub fn human_legal(&self) -> Vec<Action> {
        self.game.legal_actions_for(HUMAN)
    }

    fn narrate(&mut self, events: &[Event]) {
        let symbols = self.options.symbols;
        for event in events {
            if let Some(line) = describe(&event.seen_by(HUMAN), symbols) {
                self.log.push(line);
            }
        }
        let excess = self.log.len().saturating_sub(60);
        self.log.drain(..excess);
    }
}

/// An action in words, as a hint says it: "play Red 7", "play Wild and name Blue".
#[must_use]
pub fn action_words(action: &Action, symbols: bool) -> String {
    match *action {
        Action::Play {
            card,
            color: Some(c),
            ..
        } => {
            format!("play {} and name {}", card.name(), color_words(c, symbols))
        }
        Action::Play { card, .. } => format!("play {}", card_words(card, symbols)),
        Action::Draw { .. } => "draw a card".into(),
        Action::Pass { .. } => "keep the card you drew".into(),
        Action::CallUno { .. } => "call UNO".into(),
        Action::Catch { target, .. } => format!("catch {}", name(target)),
        Action::Challenge { .. } => "challenge the Wild Draw Four".into(),
        Action::Accept { .. } => "accept the Wild Draw Four".into(),
        Action::Choose {
            target: Some(t), ..
        } => format!("choose {}", name(t)),
        Action::Choose { target: None, .. } => "choose no one".into(),
    }
}

/// A seat's name.
#[must_use]
pub fn name(seat: Seat) -> &'static str {
    NAMES[usize::from(seat) % NAMES.len()]
}

/// A color's name, with its ColorADD symbol described when symbol mode is on.
#[must_use]
pub fn color_words(color: Color, symbols: bool) -> String {
    if symbols {
        format!("{} ({})", color.name(), coloradd_words(color))
    } else {
        color.name().to_string()
    }
}

/// The ColorADD symbol of a color, in words.
#[must_use]
pub fn coloradd_words(color: Color) -> &'static str {
    match color {
        Color::Yellow => "diagonal line",
        Color::Red => "triangle up",
        Color::Blue => "triangle down",
        Color::Green => "line and triangle down",
        Color::Purple => "triangle up and triangle down",
    }
}

fn card_words(card: Card, symbols: bool) -> String {
    match card.color() {
        Some(c) if symbols => format!("{} ({})", card.name(), coloradd_words(c)),
        _ => card.name(),
    }
}

/// One log line for an event, as seat 0 sees it; `None` for events too small to mention.
#[must_use]
pub fn describe(event: &Event, symbols: bool) -> Option<String> {
    let is = |seat: Seat| if seat == HUMAN { "" } else { "s" };
    Some(match *event {
        Event::RoundStarted { dealer, top, color } => match color {
            Some(_) => format!(
                "{} dealt. {} starts the discard pile.",
                name(dealer),
                card_words(top, symbols)
            ),
            None => format!(
                "{} dealt. {} starts the pile: the first card played sets the color.",
                name(dealer),
                card_words(top, symbols)
            ),
        },
        Event::Played { seat, card, color } => match (card.is_wild(), color) {
            (true, Some(c)) => format!(
                "{} play{} {} and name{} {}.",
                name(seat),
                is(seat),
                card.name(),
                is(seat),
                color_words(c, symbols)
            ),
            _ => format!(
                "{} play{} {}.",
                name(seat),
                is(seat),
                card_words(card, symbols)
            ),
        },
        Event::Drew { seat, card } => match card {
            Some(c) => format!("{} drew {}.", name(seat), card_words(c, symbols)),
            None => format!("{} drew a card.", name(seat)),
        },
        Event::NothingToDraw { seat } => {
            format!("{}: no cards left to draw; the turn passes.", name(seat))
        }
        Event::Reshuffled { .. } => "The discard pile is shuffled into a new draw pile.".into(),
        Event::Passed { seat } => format!("{} keep{} the drawn card.", name(seat), is(seat)),
        Event::CalledUno { seat } => format!("{} call{} UNO!", name(seat), is(seat)),
        Event::Caught { seat, target } => format!(
            "{} caught {} without UNO!",
            name(seat),
            if target == HUMAN { "you" } else { name(target) }
        ),
        Event::Challenged {
            seat,
            target,
            guilty,
        } => format!(
            "{} challenge{} {}: {}.",
            name(seat),
            is(seat),
            if target == HUMAN { "you" } else { name(target) },
            if guilty { "guilty" } else { "innocent" }
        ),
        Event::Accepted { .. } => return None,
        Event::MustDraw { seat, count } => format!(
            "{} must draw {count}.",
            if seat == HUMAN { "You" } else { name(seat) }
        ),
        Event::Stacked { seat, total } => {
            format!(
                "Stacked! {} now face{} {total} cards.",
                name(seat),
                is(seat)
            )
        }
        Event::Skipped { seat } => format!(
            "{} {} skipped.",
            name(seat),
            if seat == HUMAN { "are" } else { "is" }
        ),
        Event::Reversed { .. } => "Play reverses direction.".into(),
        Event::HandsRevealed { seat } => {
            format!(
                "{} swing{} a web: every hand is shown.",
                name(seat),
                is(seat)
            )
        }
        Event::Chose { seat, target } => match target {
            Some(t) => format!("{} chose {}.", name(seat), name(t)),
            None => format!("{} chose no one.", name(seat)),
        },
        Event::HandsSwapped { seat, target } => {
            format!("{} and {} swap hands.", name(seat), name(target))
        }
        Event::HandsRotated { .. } => "Every hand passes one seat along.".into(),
        Event::DiscardedColor { seat, color, count } => format!(
            "{} discard{} {count} {} card{}.",
            name(seat),
            is(seat),
            color_words(color, symbols),
            if count == 1 { "" } else { "s" }
        ),
        Event::PlaysAgain { seat } => format!("{} play{} again.", name(seat), is(seat)),
        Event::RoundEnded { winner, points } => {
            format!(
                "{} went out and score{} {points} points.",
                name(winner),
                is(winner)
            )
        }
        Event::GameWon { winner } => format!(
            "{} the game!",
            if winner == HUMAN {
                "You win".to_string()
            } else {
                format!("{} wins", name(winner))
            }
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_deals_as_unocli_does() {
        let options = Options {
            players: 3,
            ..Options::default()
        };
        let m = Match::deal(options, 123).unwrap();
        let game = Game::deal(Rules::new(Edition::Classic), 3, 123).unwrap();
        assert_eq!(m.game, game);
        assert!(
            m.log[0].ends_with("starts the discard pile.") || m.log[0].contains("the first card")
        );
    }

    #[test]
    fn a_refused_action_changes_nothing() {
        let mut m = Match::deal(Options::default(), 5).unwrap();
        let before = m.clone();
        let wrong = Action::Pass { seat: 3 };
        assert!(m.apply(wrong).is_err());
        assert_eq!(m, before);
    }

    #[test]
    fn log_lines_speak_of_you_and_name_colors_with_symbols() {
        let played = Event::Played {
            seat: HUMAN,
            card: Card::WILD,
            color: Some(Color::Blue),
        };
        assert_eq!(
            describe(&played, false).unwrap(),
            "You play Wild and name Blue."
        );
        assert_eq!(
            describe(&played, true).unwrap(),
            "You play Wild and name Blue (triangle down)."
        );
        let swing = Event::HandsRevealed { seat: HUMAN };
        assert_eq!(
            describe(&swing, false).unwrap(),
            "You swing a web: every hand is shown."
        );
        let stacked = Event::Stacked {
            seat: HUMAN,
            total: 4,
        };
        assert_eq!(
            describe(&stacked, false).unwrap(),
            "Stacked! You now face 4 cards."
        );
        let drew = Event::Drew {
            seat: 2,
            card: None,
        };
        assert_eq!(describe(&drew, false).unwrap(), "Ben drew a card.");
    }

    #[test]
    fn a_link_sets_the_game_and_names_bad_parameters() {
        let link = Link::parse(
            "?edition=masters&players=3&seed=123&level=easy",
            &Options::default(),
        )
        .unwrap();
        assert_eq!(
            (
                link.options.rules.edition,
                link.options.players,
                link.options.level,
                link.seed
            ),
            (Edition::Masters, 3, Level::Easy, Some(123))
        );
        assert_eq!(link.notice, None);
        let m = link.into_match(1).unwrap();
        assert_eq!(
            m.game,
            Game::deal(Rules::new(Edition::Masters), 3, 123).unwrap()
        );
        let link = Link::parse(
            "?edition=uno-flip&players=99&seed=7&colour=red",
            &Options::default(),
        )
        .unwrap();
        assert_eq!(
            (link.options.rules.edition, link.options.players, link.seed),
            (Edition::Classic, 4, Some(7))
        );
        assert_eq!(
            link.notice.as_deref(),
            Some("Ignored in the link: edition=uno-flip (not an edition), players=99 (2 to 10), colour (unknown).")
        );
        assert!(link.understood, "the seed was read");
        assert!(Link::parse("", &Options::default()).is_none());
        let nothing = Link::parse("?edition=uno-flip&colour=red", &Options::default()).unwrap();
        assert!(!nothing.understood);
    }

    #[test]
    fn a_puzzle_link_opens_a_scenario() {
        let json = r#"{"edition":"classic","seed":3,"setup":{"hands":[["R7","B2"],["G1","G2"]],"discard_pile":["R3"],"turn":0}}"#;
        let encoded: String = json.bytes().map(|b| format!("%{b:02X}")).collect();
        let link = Link::parse(
            &format!("?scenario={encoded}&level=easy"),
            &Options::default(),
        )
        .unwrap();
        assert_eq!(link.notice, None);
        let m = link.into_match(1).unwrap();
        assert_eq!(
            m.game.hand(HUMAN).to_vec(),
            [Card::number(Color::Red, 7), Card::number(Color::Blue, 2)]
        );
        assert_eq!(
            (m.options.players, m.options.level, m.seed),
            (2, Level::Easy, 3)
        );
        let bad = Link::parse("?scenario=%7Bnope", &Options::default()).unwrap();
        assert!(bad
            .notice
            .unwrap()
            .starts_with("Ignored in the link: scenario ("));
        assert_eq!(percent_decode("a%20b+c%2"), "a b c%2");
    }

    #[test]
    fn each_seat_has_a_level() {
        let options = Options {
            level: Level::Easy,
            seat_levels: vec![Level::Hard],
            ..Options::default()
        };
        assert_eq!(options.level_of(1), Level::Hard);
        assert_eq!(
            options.level_of(2),
            Level::Easy,
            "unset seats take the table's level"
        );
        assert_eq!(
            action_words(
                &Action::Play {
                    seat: 0,
                    card: Card::WILD,
                    color: Some(Color::Red)
                },
                true
            ),
            "play Wild and name Red (triangle up)"
        );
    }

    #[test]
    fn options_remembered_before_rules_were_one_value_still_load() {
        let old = r#"{"edition":"masters","players":5,"level":"hard","seat_levels":[],
            "house_rules":{"jump_in":true,"target":300},"custom_effect":"swap_hands",
            "edition_cards":2,"symbols":true,"speed":"fast"}"#;
        let options: Options = serde_json::from_str(old).unwrap();
        assert_eq!(options.rules.edition, Edition::Masters);
        assert!(options.rules.house_rules.jump_in);
        assert_eq!(options.rules.target(), 300);
        assert_eq!(
            options.rules.custom_effect,
            uno_engine::CustomEffect::SwapHands
        );
        assert_eq!(options.rules.edition_cards, 2);
        assert_eq!((options.players, options.level), (5, Level::Hard));
        let json = serde_json::to_value(&options).unwrap();
        assert_eq!(json["edition"], "masters", "saved with the same keys");
    }

    #[test]
    fn a_saved_match_round_trips() {
        let m = Match::deal(Options::default(), 9).unwrap();
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<Match>(&json).unwrap(), m);
    }
}
