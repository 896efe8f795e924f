//! What the player chooses on the New game screen, remembered between visits.

use crate::settings::{Settings, Speed};
use crate::words::{same_name, NAMES, SPARE_NAMES};
use serde::{Deserialize, Serialize};
use uno_bots::Level;
use uno_engine::{
    CustomEffect, Edition, HouseRules, Rules, Seat, DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS,
};

/// A person who plays a seat at this device besides seat 0's (pass-and-play).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    pub seat: Seat,
    pub name: String,
}

/// What the player chooses on the New game screen (remembered between visits). Read back
/// leniently: a key a save lacks takes its default (see `SavedOptions`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "SavedOptions")]
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
    /// Other people at this device (pass-and-play): the seats they play instead of bots.
    pub people: Vec<Person>,
    /// In pass-and-play, the name of the person in seat 0 (empty: "Player 1").
    pub name: String,
    /// ColorADD symbols on cards, the picker and in messages.
    pub symbols: bool,
    /// How fast cards move and opponents play.
    pub speed: Speed,
    /// Watch mode (`?watch=1`): a bot plays the player's seat too, round after round. Kept
    /// with a saved game (a reload goes on watching), never among the player's preferences
    /// (`App` reads those with it off).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub watch: bool,
}

/// The shape of the options this page keeps (`Options::kept`). Raised whenever the page keeps
/// a key or a value an earlier version of the site would not read (the test
/// `the_kept_options_say_their_version` fails until it is), so that an older page, still open
/// in a tab after a deploy, never writes over what a newer one kept.
pub const OPTIONS_VERSION: u32 = 1;

/// The options as kept: stamped with the version of their shape.
#[derive(Serialize)]
struct Stamped<'a> {
    version: u32,
    #[serde(flatten)]
    options: &'a Options,
}

/// Options as a browser saved them, any key missing (an older or partial save).
#[derive(Default, Deserialize)]
#[serde(default)]
struct SavedOptions {
    edition: Option<Edition>,
    house_rules: Option<HouseRules>,
    custom_effect: Option<CustomEffect>,
    edition_cards: Option<u8>,
    players: Option<usize>,
    level: Option<Level>,
    seat_levels: Option<Vec<Level>>,
    people: Option<Vec<Person>>,
    name: Option<String>,
    symbols: Option<bool>,
    speed: Option<Speed>,
    watch: Option<bool>,
}

impl From<SavedOptions> for Options {
    fn from(s: SavedOptions) -> Options {
        let d = Options::default();
        Options {
            rules: Rules {
                edition: s.edition.unwrap_or(d.rules.edition),
                house_rules: s.house_rules.map_or(d.rules.house_rules, |mut h| {
                    h.uno_penalty = h.uno_penalty.filter(|n| Rules::UNO_PENALTIES.contains(n));
                    h
                }),
                custom_effect: s.custom_effect.unwrap_or(d.rules.custom_effect),
                // A save out of range (edited by hand, or from a bug) is brought into it, so
                // New game still deals and the form shows what will be dealt.
                edition_cards: s.edition_cards.unwrap_or(d.rules.edition_cards).min(4),
            },
            players: s
                .players
                .unwrap_or(d.players)
                .clamp(MIN_PLAYERS, MAX_PLAYERS),
            level: s.level.unwrap_or(d.level),
            seat_levels: s.seat_levels.unwrap_or(d.seat_levels),
            people: s.people.unwrap_or(d.people),
            name: s.name.unwrap_or(d.name),
            symbols: s.symbols.unwrap_or(d.symbols),
            speed: s.speed.unwrap_or(d.speed),
            watch: s.watch.unwrap_or(false),
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
            people: Vec::new(),
            name: String::new(),
            symbols: false,
            speed: Speed::Normal,
            watch: false,
        }
    }
}

/// Another edition chosen for a table's rules (New game, a link, an online room): each
/// edition has its own way to win, unless one is chosen again after.
pub fn edition_chosen(rules: &mut Rules, edition: Edition) {
    rules.edition = edition;
    rules.house_rules.scoring = None;
}

impl Options {
    /// The options' JSON as this browser keeps them (`OPTIONS_VERSION` with them).
    #[must_use]
    pub fn kept(&self) -> String {
        let stamped = Stamped {
            version: OPTIONS_VERSION,
            options: self,
        };
        serde_json::to_string(&stamped).unwrap_or_default()
    }

    /// Whether options kept as `raw` are a newer version of the site's: their shape may hold
    /// what this page cannot read, and this page never writes over them.
    #[must_use]
    pub fn kept_by_newer(raw: &str) -> bool {
        crate::browser_storage::version_of(raw) > OPTIONS_VERSION
    }

    /// Another edition chosen for the table: the way to win goes back to that edition's own,
    /// and the ColorADD edition is played with its symbols (they can be turned off after).
    pub fn choose_edition(&mut self, edition: Edition) {
        if edition == self.rules.edition {
            return;
        }
        edition_chosen(&mut self.rules, edition);
        if edition == Edition::ColorAdd {
            self.symbols = true;
        }
    }

    /// The settings these options give the table.
    #[must_use]
    pub fn settings(&self) -> Settings {
        Settings {
            symbols: self.symbols,
            speed: self.speed,
            sound: false,
            edition: self.rules.edition,
        }
    }

    /// The person playing `seat` besides seat 0's, if a person does.
    #[must_use]
    pub fn person(&self, seat: Seat) -> Option<&Person> {
        // Watching, bots play every seat: the people chosen for pass-and-play sit this one out.
        if self.watch {
            return None;
        }
        self.people
            .iter()
            .find(|p| p.seat == seat && seat != 0 && usize::from(seat) < self.players)
    }

    /// Whether a person plays `seat` (seat 0 always).
    #[must_use]
    pub fn is_person(&self, seat: Seat) -> bool {
        seat == 0 || self.person(seat).is_some()
    }

    /// Whether several people share this device.
    #[must_use]
    pub fn pass_and_play(&self) -> bool {
        (1..self.players as Seat).any(|s| self.person(s).is_some())
    }

    /// What the table calls `seat` (see `seat_names`).
    #[must_use]
    pub fn seat_name(&self, seat: Seat) -> String {
        let mut names = self.seat_names(usize::from(seat) + 1);
        names.pop().unwrap_or_default()
    }

    /// What the table calls each of its first `seats` seats: "You" when one person plays
    /// against bots; in pass-and-play each person's name ("Player N" when none was given); a
    /// bot by its seat's name, unless a person here has that one (a family's Ben and a bot Ben
    /// would read alike in every line of the log): then by a spare name no person has, in seat
    /// order. A seat's name depends only on the seats before it and the people.
    #[must_use]
    pub fn seat_names(&self, seats: usize) -> Vec<String> {
        let people: Vec<String> = (0..self.players as Seat)
            .filter_map(|s| self.person_name(s))
            .collect();
        let held = |name: &str| people.iter().any(|p| same_name(p, name));
        let mut spare = SPARE_NAMES.into_iter().filter(|n| !held(n));
        (0..seats as Seat)
            .map(|seat| match self.person_name(seat) {
                Some(name) => name,
                // Watching, a bot plays the person's seat.
                None if seat == 0 && self.watch => "Your bot".to_string(),
                None => {
                    let own = NAMES[usize::from(seat) % NAMES.len()];
                    let name = if held(own) { spare.next() } else { None };
                    name.unwrap_or(own).to_string()
                }
            })
            .collect()
    }

    /// The name a person at this device gave `seat` ("Player N" when none), if a person
    /// plays it in pass-and-play.
    fn person_name(&self, seat: Seat) -> Option<String> {
        let given = self.given_name(seat)?;
        Some(if given.is_empty() {
            format!("Player {}", seat + 1)
        } else {
            given.chars().take(20).collect()
        })
    }

    /// The seats people play in pass-and-play under a name they gave, with it: the people the
    /// record counts ("Player 3" is a seat, not a person).
    #[must_use]
    pub fn people_named(&self) -> Vec<(Seat, String)> {
        (0..self.players as Seat)
            .filter(|&s| self.given_name(s).is_some_and(|n| !n.is_empty()))
            .filter_map(|s| self.person_name(s).map(|name| (s, name)))
            .collect()
    }

    /// The name given for `seat`, trimmed (perhaps empty), if a person plays it in
    /// pass-and-play.
    fn given_name(&self, seat: Seat) -> Option<&str> {
        match self.person(seat) {
            Some(p) => Some(p.name.trim()),
            None if seat == 0 && self.pass_and_play() => Some(self.name.trim()),
            None => None,
        }
    }

    /// Two people at this device under one name: the later seat and the name. The device is
    /// passed by name ("Pass to Sam"), so each person needs their own.
    #[must_use]
    pub fn name_clash(&self) -> Option<(Seat, String)> {
        let people: Vec<(Seat, String)> = (0..self.players as Seat)
            .filter_map(|s| self.person_name(s).map(|name| (s, name)))
            .collect();
        people.iter().enumerate().find_map(|(i, (seat, name))| {
            people[..i]
                .iter()
                .any(|(_, earlier)| same_name(earlier, name))
                .then(|| (*seat, name.clone()))
        })
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::browser_storage::{assert_kept_words, words_of};
    use std::collections::BTreeSet;
    use uno_engine::{Edition, Scoring};

    /// The words the options were kept in at each version: every key (a house rule's after
    /// `house_rules.`) and every value a key of a closed set may take. Version N is entry
    /// N - 1; an entry, once its version is out, is never edited: tabs of it stay open.
    const KEPT_WORDS: [&str; OPTIONS_VERSION as usize] = [
        "custom_effect custom_effect=discard_color custom_effect=others_draw_one \
         custom_effect=play_again custom_effect=rotate_hands custom_effect=swap_hands \
         custom_effect=wild edition edition=classic edition=classic-blank edition=coloradd \
         edition=masters edition=spider-man edition_cards house_rules \
         house_rules.draw_to_match house_rules.forced_play house_rules.jump_in \
         house_rules.no_bluffing house_rules.scoring house_rules.scoring=alternative \
         house_rules.scoring=single_hand house_rules.scoring=standard house_rules.seven_o \
         house_rules.stack_draw_fours house_rules.stack_draw_twos house_rules.stack_mixed \
         house_rules.target house_rules.uno_penalty level level=easy level=hard level=medium \
         level=random name people people[].name people[].seat players seat_levels \
         seat_levels[]=easy seat_levels[]=hard seat_levels[]=medium seat_levels[]=random speed \
         speed=fast speed=instant speed=normal speed=slow symbols version watch",
    ];

    /// Every way to win: a new one fails to compile here until it is listed.
    fn every_way_to_win() -> [Scoring; 3] {
        let _ = |way: Scoring| match way {
            Scoring::Standard | Scoring::Alternative | Scoring::SingleHand => (),
        };
        [Scoring::Standard, Scoring::Alternative, Scoring::SingleHand]
    }

    #[test]
    fn the_kept_options_say_their_version() {
        let (levels, ways) = (Level::ALL, every_way_to_win());
        let mut words = BTreeSet::new();
        // Every field written out (a new one fails to compile here), every value of each
        // closed set taken at least once.
        let longest = [
            Edition::ALL.len(),
            CustomEffect::ALL.len(),
            Speed::ALL.len(),
        ];
        for i in 0..longest.into_iter().max().unwrap_or_default() {
            let options = Options {
                rules: Rules {
                    edition: Edition::ALL[i % Edition::ALL.len()],
                    house_rules: HouseRules {
                        stack_draw_twos: true,
                        stack_draw_fours: true,
                        stack_mixed: true,
                        jump_in: true,
                        seven_o: true,
                        draw_to_match: true,
                        forced_play: true,
                        no_bluffing: true,
                        uno_penalty: Some(4),
                        target: Some(200),
                        scoring: Some(ways[i % ways.len()]),
                    },
                    custom_effect: CustomEffect::ALL[i % CustomEffect::ALL.len()],
                    edition_cards: 2,
                },
                players: 4,
                level: levels[i % levels.len()],
                seat_levels: levels.to_vec(),
                people: vec![Person {
                    seat: 2,
                    name: "Sam".into(),
                }],
                name: "Jo".into(),
                symbols: true,
                speed: Speed::ALL[i % Speed::ALL.len()].0,
                watch: true,
            };
            let free = ["name", "people[].name"];
            words_of(&options.kept(), &free, &mut words);
        }
        assert_kept_words(&words, &KEPT_WORDS, "OPTIONS_VERSION");
    }

    #[test]
    fn an_older_page_never_writes_over_a_newer_version_s_options() {
        let kept = Options::default().kept();
        let stamp: serde_json::Value = serde_json::from_str(&kept).unwrap();
        assert_eq!(stamp["version"], OPTIONS_VERSION);
        assert!(!Options::kept_by_newer(&kept));
        // What this page kept reads back as it was.
        let options = Options {
            players: 6,
            symbols: true,
            ..Options::default()
        };
        assert_eq!(
            serde_json::from_str::<Options>(&options.kept()).unwrap(),
            options
        );
        // Kept before versions were (none: 0), or by this version: this page's to write.
        assert!(!Options::kept_by_newer(r#"{"players":3}"#));
        assert!(!Options::kept_by_newer("{not json"));
        // A newer version's, even with a house rule this page does not know: not written over.
        let newer = format!(
            r#"{{"version":{},"edition":"classic","house_rules":{{"stack_sevens":true}}}}"#,
            OPTIONS_VERSION + 1
        );
        assert!(Options::kept_by_newer(&newer));
        assert!(serde_json::from_str::<Options>(&newer).is_err());
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
    fn a_partial_save_takes_the_defaults_for_what_it_lacks() {
        let options: Options =
            serde_json::from_str(r#"{"speed":"instant","level":"hard"}"#).unwrap();
        assert_eq!(options.speed, Speed::Instant);
        assert_eq!(options.level, Level::Hard);
        assert_eq!(options.rules, Rules::default());
        assert_eq!(options.players, DEFAULT_PLAYERS);
    }

    #[test]
    fn a_save_out_of_range_is_brought_into_it() {
        let options: Options =
            serde_json::from_str(r#"{"players":50,"edition":"classic-blank","edition_cards":9}"#)
                .unwrap();
        assert_eq!(
            (options.players, options.rules.edition_cards),
            (MAX_PLAYERS, 4)
        );
        let options: Options = serde_json::from_str(r#"{"players":1}"#).unwrap();
        assert_eq!(options.players, MIN_PLAYERS);
        assert!(crate::table::local::Match::deal(options, 1).is_ok());
        // A missed UNO the engine refuses takes the edition's own penalty; one it allows stays.
        let options: Options =
            serde_json::from_str(r#"{"house_rules":{"uno_penalty":0,"jump_in":true}}"#).unwrap();
        assert_eq!(options.rules.house_rules.uno_penalty, None);
        assert!(options.rules.house_rules.jump_in);
        assert!(crate::table::local::Match::deal(options, 1).is_ok());
        let options: Options =
            serde_json::from_str(r#"{"house_rules":{"uno_penalty":6}}"#).unwrap();
        assert_eq!(options.rules.house_rules.uno_penalty, Some(6));
    }

    fn family(own: &str, people: &[(Seat, &str)], players: usize) -> Options {
        Options {
            players,
            name: own.into(),
            people: people
                .iter()
                .map(|&(seat, name)| Person {
                    seat,
                    name: name.into(),
                })
                .collect(),
            ..Options::default()
        }
    }

    fn names(o: &Options) -> Vec<String> {
        o.seat_names(o.players)
    }

    #[test]
    fn the_people_the_record_counts_are_those_who_gave_a_name() {
        // Seat 0 unnamed ("Player 1"), a bot at seat 1, Bea at 2 (trimmed, cut at 20 letters),
        // an unnamed person at 3.
        let o = family(" ", &[(2, "  Bea Longname-Smithson-Jones "), (3, "")], 4);
        assert_eq!(names(&o)[0], "Player 1");
        assert_eq!(o.people_named(), [(2, "Bea Longname-Smithso".to_string())]);
        let o = family("Al", &[(1, "Ben")], 3);
        assert_eq!(
            o.people_named(),
            [(0, "Al".to_string()), (1, "Ben".to_string())]
        );
        // Against bots alone, or watching, no one: the player's own record counts those.
        assert_eq!(family("Al", &[], 3).people_named(), []);
        let watching = Options {
            watch: true,
            ..family("Al", &[(1, "Ben")], 3)
        };
        assert_eq!(watching.people_named(), []);
    }

    #[test]
    fn a_bot_never_has_the_name_of_a_person_at_the_device() {
        // Ben at seat 4 is a person: the bot at seat 3, Ben by its seat, takes a spare name.
        let o = family("Al", &[(3, "Ben")], 4);
        assert_eq!(names(&o), ["Al", "Ada", "Jo", "Ben"]);
        assert_eq!(
            o.seat_name(2),
            "Jo",
            "one seat's name is its place in the whole list"
        );
        // Any case; the spare names a person has are skipped, and clashing bots take them in
        // seat order.
        let o = family("jo", &[(4, "ada"), (5, "BEN")], 6);
        assert_eq!(names(&o), ["jo", "Kai", "Lea", "Cleo", "ada", "BEN"]);
        assert_eq!(o.name_clash(), None);
        // Alone against bots there is no one to clash with.
        assert_eq!(names(&family("Ada", &[], 3)), ["You", "Ada", "Ben"]);
        // Nine people, each with a bot's or a spare name: the one bot still has a name of its own.
        let all = family(
            "Ada",
            &[
                (2, "Ben"),
                (3, "Cleo"),
                (4, "Dev"),
                (5, "Eve"),
                (6, "Finn"),
                (7, "Gus"),
                (8, "Jo"),
                (9, "Kai"),
            ],
            10,
        );
        assert_eq!(all.seat_name(1), "Lea");
    }

    #[test]
    fn two_people_under_one_name_are_found() {
        let o = family("Sam", &[(2, "sam "), (3, "Max")], 4);
        assert_eq!(o.name_clash(), Some((2, "sam".into())));
        // Names not given are each "Player N": no clash.
        assert_eq!(family("", &[(1, ""), (2, "")], 3).name_clash(), None);
        // Watching, no person plays: nothing to clash.
        let watched = Options {
            watch: true,
            ..family("Sam", &[(2, "Sam")], 3)
        };
        assert_eq!(watched.name_clash(), None);
    }
}
