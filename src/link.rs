//! A game asked for by the page's address: the parameters a link may carry, read over the
//! remembered options, with every parameter that could not be used named.

use crate::options::Options;
use crate::table::local::Match;
use uno_bots::Level;
use uno_engine::scenario::Refused;
use uno_engine::{Edition, MAX_PLAYERS, MIN_PLAYERS};

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
                    Ok(e) => options.choose_edition(e),
                    Err(_) => bad.push(format!("edition={value} ({})", Edition::CODES)),
                },
                "players" => match value.parse::<usize>() {
                    Ok(n) if (MIN_PLAYERS..=MAX_PLAYERS).contains(&n) => options.players = n,
                    _ => bad.push(format!("players={value} (2 to 10)")),
                },
                "seed" => match value.parse::<u64>() {
                    Ok(n) => seed = Some(n),
                    Err(_) => bad.push(format!("seed={value} (a whole number, 0 to {})", u64::MAX)),
                },
                "level" => match value.as_str() {
                    "easy" => (options.level, options.seat_levels) = (Level::Easy, Vec::new()),
                    "medium" => (options.level, options.seat_levels) = (Level::Medium, Vec::new()),
                    "hard" => (options.level, options.seat_levels) = (Level::Hard, Vec::new()),
                    _ => bad.push(format!("level={value} (easy, medium or hard)")),
                },
                "watch" => match value.as_str() {
                    // A bare `?watch` is a switch turned on, as `?online` is.
                    "" | "1" | "true" | "yes" | "on" => options.watch = true,
                    "0" | "false" | "no" | "off" => options.watch = false,
                    _ => bad.push(format!("watch={value} (1 or 0)")),
                },
                "scenario" => match serde_json::from_str::<uno_engine::Scenario>(&value) {
                    Ok(s) => scenario = Some(s),
                    Err(e) => bad.push(format!("scenario (not a scenario file: {e})")),
                },
                _ => bad.push(format!("{key} (unknown)")),
            }
        }
        // A seeded link deals what `unocli deal` deals for that seed: the full deck, whatever
        // number of Blank or Customizable cards the player's own games use.
        if seed.is_some() {
            options.rules.edition_cards = 4;
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
            Ok(Err(Refused {
                index: i, error: e, ..
            })) => return Err(format!("The puzzle's action {i} is not allowed: {e}.")),
            Err(e) => {
                return Err(format!(
                    "The puzzle in the link is not a possible table: {e}."
                ))
            }
        };
        let mut options = self.options;
        options.choose_edition(scenario.rules.edition);
        let options = Options {
            rules: scenario.rules,
            players: game.players(),
            ..options
        };
        Ok(Match::new(options, scenario.seed, game))
    }
}

/// `%XX` and `+` decoding of a query value (a malformed escape is kept as it is).
pub(crate) fn percent_decode(raw: &str) -> String {
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

/// A query value made safe for a link: every byte but the unreserved letters, digits and
/// `-_.~` as `%XX` (what `percent_decode` reads back).
pub(crate) fn percent_encode(raw: &str) -> String {
    // Hex digits by hand, no formatter: this runs on the solo page too (New game).
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(raw.len());
    for b in raw.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::local::PLAYER;
    use uno_engine::{Card, Color, Game, Rules, Scoring};

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
            Some("Ignored in the link: edition=uno-flip (classic, classic-blank, masters, spider-man or coloradd), players=99 (2 to 10), colour (unknown).")
        );
        assert!(link.understood, "the seed was read");
        assert!(Link::parse("", &Options::default()).is_none());
        let odd = Link::parse(
            "?watch=maybe&level=godlike&seed=4&seed=18446744073709551616",
            &Options::default(),
        )
        .unwrap();
        assert_eq!(
            odd.notice.as_deref(),
            Some(
                "Ignored in the link: watch=maybe (1 or 0), level=godlike (easy, medium or hard), seed=18446744073709551616 (a whole number, 0 to 18446744073709551615)."
            )
        );
        assert_eq!(odd.seed, Some(4), "the seed that could be read");
        assert!(!odd.options.watch);
        for on in ["?watch=1", "?watch", "?players=3&watch="] {
            let link = Link::parse(on, &Options::default()).unwrap();
            assert!(link.options.watch, "{on}");
            assert_eq!(link.notice, None, "{on}");
        }
        let nothing = Link::parse("?edition=uno-flip&colour=red", &Options::default()).unwrap();
        assert!(!nothing.understood);

        // A player whose games hold two Blank cards that give another turn opens a seeded
        // link: the deal is the full deck's, the effect and the house rules the player's.
        let mut own = Options::default();
        own.rules.edition_cards = 2;
        own.rules.custom_effect = uno_engine::CustomEffect::PlayAgain;
        own.rules.house_rules.jump_in = true;
        let m = Link::parse("?edition=classic-blank&seed=9", &own)
            .unwrap()
            .into_match(1)
            .unwrap();
        let rules = Rules {
            edition: Edition::ClassicBlank,
            edition_cards: 4,
            ..own.rules
        };
        assert_eq!(m.game, Game::deal(rules, 4, 9).unwrap());
        assert_eq!(m.game.rules().deck_cards().len(), 112);
    }

    #[test]
    fn a_link_to_another_edition_plays_it_as_new_game_would() {
        // Choosing ColorADD on New game turns its symbols on: a link or a puzzle of that
        // edition does too, and a link to Spider-Man plays its own way to win.
        let mut own = Options::default();
        own.rules.house_rules.scoring = Some(Scoring::Alternative);
        let link = Link::parse("?edition=coloradd&seed=2", &own).unwrap();
        assert!(link.options.symbols);
        assert_eq!(link.options.rules.house_rules.scoring, None);
        assert!(link.into_match(1).unwrap().options.symbols);
        let spider = Link::parse("?edition=spider-man", &own).unwrap();
        assert_eq!(spider.options.rules.house_rules.scoring, None);
        let json = r#"{"edition":"coloradd","seed":3,"setup":{"hands":[["R7","B2"],["G1","G2"]],"discard_pile":["R3"],"turn":0}}"#;
        let puzzle = Link::parse(&format!("?scenario={json}"), &own).unwrap();
        assert!(puzzle.into_match(1).unwrap().options.symbols);
        // A player of ColorADD who turned the symbols off keeps them off, and the link's own
        // edition keeps the player's way to win.
        own.rules.edition = Edition::ColorAdd;
        own.symbols = false;
        let link = Link::parse("?edition=coloradd&seed=2", &own).unwrap();
        assert!(!link.options.symbols);
        assert_eq!(
            link.options.rules.house_rules.scoring,
            Some(Scoring::Alternative)
        );
        let puzzle = Link::parse(&format!("?scenario={json}"), &own).unwrap();
        assert!(!puzzle.into_match(1).unwrap().options.symbols);
        // Nor does a link of another edition turn them on.
        own.rules.edition = Edition::Classic;
        assert!(
            !Link::parse("?edition=masters", &own)
                .unwrap()
                .options
                .symbols
        );
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
            m.game.hand(PLAYER).to_vec(),
            [Card::number(Color::Red, 7), Card::number(Color::Blue, 2)]
        );
        assert_eq!(
            (m.options.players, m.options.level, m.seed),
            (2, Level::Easy, 3)
        );
        let bad = Link::parse("?scenario=%7Bnope", &Options::default()).unwrap();
        assert_eq!(
            bad.notice.unwrap(),
            "Ignored in the link: scenario (not a scenario file: key must be a string at line 1 \
             column 2)."
        );
        assert_eq!(percent_decode("a%20b+c%2"), "a b c%2");
    }

    #[test]
    fn a_value_encoded_for_a_link_reads_back_the_same() {
        let server = "wss://rooms.example.org:8443/uno/ws?x=1&y=é";
        let encoded = percent_encode(server);
        assert_eq!(
            encoded,
            "wss%3A%2F%2Frooms.example.org%3A8443%2Funo%2Fws%3Fx%3D1%26y%3D%C3%A9"
        );
        assert_eq!(percent_decode(&encoded), server);
    }
}
