//! The player's record against the bots and in online rooms, kept in `localStorage`: games and
//! rounds played and won (in all, and by edition and opponents' level, or `Online`), the best
//! round, and the current streak of games won; and, apart, the games and rounds each person
//! named in pass-and-play at this device won. Versioned; a record that cannot be read starts
//! again, and the page says so.

use crate::options::Options;
use serde::{Deserialize, Serialize};
use uno_bots::Level;
use uno_engine::{Edition, Outcome, Seat};

pub const RECORD_KEY: &str = "uno-table.record";
/// The shape of the record this page writes. Raised whenever it keeps a key or a value an
/// earlier version of the site would not read (the test `the_kept_record_says_its_version`
/// fails until it is): an older page never writes over a newer version's record.
pub const RECORD_VERSION: u32 = 3;
/// The level a round in an online room is filed under (version 2 on): the opponents are
/// people, with bots perhaps.
pub const ONLINE: &str = "Online";

/// Games and rounds played and won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub games: u32,
    pub games_won: u32,
    pub rounds: u32,
    pub rounds_won: u32,
}

impl Tally {
    fn count(&mut self, won_round: bool, game: Option<bool>) {
        self.rounds += 1;
        self.rounds_won += u32::from(won_round);
        if let Some(won) = game {
            self.games += 1;
            self.games_won += u32::from(won);
        }
    }
}

/// One edition against one level of opponents ("Mixed" when the seats' levels differ,
/// `ONLINE` in a room of the online app); in `Record::people`, one person's games of one
/// edition, `level` holding the name they last played under (the one shape, read and written
/// by the same code, keeps the first load small).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub edition: Edition,
    pub level: String,
    pub tally: Tally,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub version: u32,
    pub all: Tally,
    pub lines: Vec<Line>,
    /// The most points the player scored in one round.
    pub best_round: u32,
    /// Games won in a row, up to the last game finished.
    pub streak: u32,
    /// The last round counted (the match's seed and version): a reload of a finished round
    /// does not count it twice.
    pub counted: Option<(u64, u64)>,
    /// Pass-and-play at this device, by person and edition (absent before version 3). These
    /// rounds are not the player's own: who holds the device then is not known.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub people: Vec<Line>,
}

/// The opponents' level as the record files it.
fn level_name(options: &Options) -> String {
    let levels: Vec<Level> = (1..options.players)
        .map(|s| options.level_of(s as Seat))
        .collect();
    match levels.split_first() {
        Some((first, rest)) if rest.iter().all(|l| l == first) => format!("{first:?}"),
        _ => "Mixed".into(),
    }
}

/// A round-over in an online room as the record tells it from every other: the room's code
/// (FNV-1a) and its version, which counts the room's accepted actions and deals and so only
/// grows (docs/ROOMS.md, `state`): a reload that shows the same round over again is not
/// counted twice.
#[must_use]
pub fn online_round(code: &str, version: u64) -> (u64, u64) {
    let hash = code.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    (hash, version)
}

/// The line of `edition` and `level` (a person's name in any case, as at the table), added
/// when there is none: after the other lines of that level or person, so that the record's
/// tables show them together.
fn line_of<'a>(lines: &'a mut Vec<Line>, edition: Edition, level: &str) -> &'a mut Line {
    let same = |l: &Line| crate::words::same_name(&l.level, level);
    let i = lines
        .iter()
        .position(|l| l.edition == edition && same(l))
        .unwrap_or_else(|| {
            let at = lines.iter().rposition(same).map_or(lines.len(), |i| i + 1);
            lines.insert(
                at,
                Line {
                    edition,
                    level: level.into(),
                    tally: Tally::default(),
                },
            );
            at
        });
    &mut lines[i]
}

impl Record {
    /// Counts a finished round of the player (seat `me`) against bots, once per round.
    pub fn count(
        &mut self,
        options: &Options,
        seed: u64,
        version: u64,
        me: Seat,
        outcome: &Outcome,
        points: u32,
    ) {
        self.count_round(
            options.rules.edition,
            &level_name(options),
            (seed, version),
            me,
            outcome,
            points,
        );
    }

    /// Counts a finished round of pass-and-play, once, for each person named in it
    /// (`people`: their seats and names).
    pub fn count_people(
        &mut self,
        edition: Edition,
        round: (u64, u64),
        people: &[(Seat, String)],
        outcome: &Outcome,
    ) {
        if self.counted == Some(round) || people.is_empty() {
            return;
        }
        self.counted = Some(round);
        self.version = RECORD_VERSION;
        for (seat, name) in people {
            let line = line_of(&mut self.people, edition, name);
            line.level.clone_from(name);
            line.tally.count(
                outcome.winner == *seat,
                outcome.game_winner.map(|w| w == *seat),
            );
        }
    }

    /// Counts a finished round of an online room (see `online_round` for `round`), once.
    pub fn count_online(
        &mut self,
        edition: Edition,
        round: (u64, u64),
        me: Seat,
        outcome: &Outcome,
    ) {
        self.count_round(edition, ONLINE, round, me, outcome, outcome.points);
    }

    /// Counts the round `round` (the match's seed and version, or an online room's round) on
    /// the line of `edition` and `level`, unless it was the last counted.
    fn count_round(
        &mut self,
        edition: Edition,
        level: &str,
        round: (u64, u64),
        me: Seat,
        outcome: &Outcome,
        points: u32,
    ) {
        if self.counted == Some(round) {
            return;
        }
        self.counted = Some(round);
        self.version = RECORD_VERSION;
        let won_round = outcome.winner == me;
        let game = outcome.game_winner.map(|w| w == me);
        self.all.count(won_round, game);
        let line = line_of(&mut self.lines, edition, level);
        line.tally.count(won_round, game);
        if won_round {
            self.best_round = self.best_round.max(points);
        }
        match game {
            Some(true) => self.streak += 1,
            Some(false) => self.streak = 0,
            None => {}
        }
    }

    /// Counts a round (`count`) onto the record as kept now, since another tab may have
    /// counted one since this page read it, and keeps the result; in a browser that keeps
    /// nothing, onto `shown`. Returns the record to show, `None` when a newer version of the
    /// site kept the record (it is never written over, and this round is not counted).
    #[must_use]
    pub fn count_kept(shown: &Record, count: impl FnOnce(&mut Record)) -> Option<Record> {
        use crate::browser_storage as kept;
        let kept_now = if kept::available() {
            let raw = kept::get(RECORD_KEY);
            if raw.as_deref().is_some_and(Record::newer) {
                return None;
            }
            Record::read(raw.as_deref()).0
        } else {
            shown.clone()
        };
        let mut next = kept_now.clone();
        count(&mut next);
        if next != kept_now {
            kept::set_json(RECORD_KEY, &next);
        }
        Some(next)
    }

    /// Whether `raw` is a record of a later version than this page writes: a newer version of
    /// the site kept it (in another tab, or before this older copy was served offline), and
    /// this page never writes over it, though it may hold what this page cannot read (a line
    /// of an edition it does not know). A record of this version that does not read is a
    /// spoilt one, started again.
    #[must_use]
    pub fn newer(raw: &str) -> bool {
        crate::browser_storage::version_of(raw) > RECORD_VERSION
    }

    /// Reads the record from its JSON: an unknown version or unreadable text gives a fresh
    /// record and the sentence that says so.
    #[must_use]
    pub fn read(raw: Option<&str>) -> (Record, Option<String>) {
        let Some(raw) = raw else {
            return (Record::default(), None);
        };
        match serde_json::from_str::<Record>(raw) {
            // Version 1 kept the same keys, and no online line: it reads as it was.
            Ok(r) if (1..=RECORD_VERSION).contains(&r.version) => (r, None),
            _ if Record::newer(raw) => (
                Record::default(),
                Some(
                    "Your record was kept by a newer version of this site: reload the page \
                     to see it. Rounds played here are not counted."
                        .into(),
                ),
            ),
            _ => (
                Record::default(),
                Some("Your record could not be read, so it starts again from here.".into()),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::browser_storage::{assert_kept_words, words_of};

    fn outcome(winner: Seat, game_winner: Option<Seat>) -> Outcome {
        Outcome {
            winner,
            points: 40,
            game_winner,
        }
    }

    #[test]
    fn rounds_games_lines_best_and_streak() {
        let o = Options::default();
        let mut r = Record::default();
        r.count(&o, 1, 10, 0, &outcome(0, None), 40);
        r.count(&o, 1, 10, 0, &outcome(0, None), 40); // the same round again: not counted
        r.count(&o, 1, 30, 0, &outcome(2, None), 0);
        r.count(&o, 1, 50, 0, &outcome(0, Some(0)), 75);
        assert_eq!(
            r.all,
            Tally {
                games: 1,
                games_won: 1,
                rounds: 3,
                rounds_won: 2
            }
        );
        assert_eq!(r.best_round, 75);
        assert_eq!(r.streak, 1);
        assert_eq!(r.lines.len(), 1);
        assert_eq!(r.lines[0].level, "Medium");
        r.count(&o, 2, 9, 0, &outcome(1, Some(1)), 0);
        assert_eq!(r.streak, 0);
        assert_eq!(r.all.games, 2);
    }

    #[test]
    fn an_online_round_counts_once_on_a_line_of_its_own() {
        let mut r = Record::default();
        r.count(&Options::default(), 1, 10, 0, &outcome(0, None), 40);
        // Seat 2 of room ABC123 won a round worth 60 and the game; shown again after a
        // reload (the same version), it is not counted twice.
        let round = online_round("ABC123", 57);
        let won = Outcome {
            points: 60,
            ..outcome(2, Some(2))
        };
        r.count_online(Edition::Masters, round, 2, &won);
        r.count_online(Edition::Masters, round, 2, &won);
        assert_eq!(
            r.all,
            Tally {
                games: 1,
                games_won: 1,
                rounds: 2,
                rounds_won: 2
            }
        );
        assert_eq!((r.best_round, r.streak), (60, 1));
        assert_eq!(r.lines.len(), 2);
        assert_eq!(
            r.lines[1],
            Line {
                edition: Edition::Masters,
                level: ONLINE.into(),
                tally: Tally {
                    games: 1,
                    games_won: 1,
                    rounds: 1,
                    rounds_won: 1
                }
            }
        );
        // The next round of that room, lost by seat 2; another room's at the same version.
        r.count_online(
            Edition::Masters,
            online_round("ABC123", 90),
            2,
            &outcome(0, Some(0)),
        );
        r.count_online(
            Edition::Masters,
            online_round("ABC124", 90),
            2,
            &outcome(0, None),
        );
        assert_eq!(r.lines[1].tally.rounds, 3);
        assert_eq!(r.lines[1].tally.games, 2);
        assert_eq!(r.streak, 0);
        assert_eq!(r.version, RECORD_VERSION);
    }

    #[test]
    fn a_pass_and_play_round_counts_once_for_each_person_named_and_not_as_the_players() {
        let mut r = Record::default();
        r.count(&Options::default(), 1, 10, 0, &outcome(0, Some(0)), 40);
        let mine = r.clone();
        // Ada (seat 0) and Ben (seat 2) at a table with a bot and an unnamed person; Ben wins
        // the round and the game. Shown again (a reload), it is not counted twice.
        let people = [(0, "Ada".to_string()), (2, "Ben".to_string())];
        let classic = Edition::Classic;
        r.count_people(classic, (7, 20), &people, &outcome(2, Some(2)));
        r.count_people(classic, (7, 20), &people, &outcome(2, Some(2)));
        let won = |games, games_won, rounds, rounds_won| Tally {
            games,
            games_won,
            rounds,
            rounds_won,
        };
        let line = |edition, name: &str, tally| Line {
            edition,
            level: name.into(),
            tally,
        };
        assert_eq!(
            r.people,
            [
                line(classic, "Ada", won(1, 0, 1, 0)),
                line(classic, "Ben", won(1, 1, 1, 1))
            ]
        );
        // The player's own record is as it was.
        assert_eq!(
            (r.all, &r.lines, r.best_round, r.streak),
            (mine.all, &mine.lines, 40, 1)
        );
        // The next game: "BEN " is Ben, under the name he plays by now; Cy is new. A round
        // that ends no game counts a round only. Ada's Masters round is a line of its own,
        // shown with her other.
        let people = [
            (0, "BEN ".to_string()),
            (1, "Cy".to_string()),
            (2, "Ada".into()),
        ];
        r.count_people(classic, (8, 5), &people, &outcome(0, None));
        r.count_people(Edition::Masters, (9, 5), &people[2..], &outcome(2, None));
        assert_eq!(
            r.people,
            [
                line(classic, "Ada", won(1, 0, 2, 0)),
                line(Edition::Masters, "Ada", won(0, 0, 1, 1)),
                line(classic, "BEN ", won(1, 1, 2, 2)),
                line(classic, "Cy", won(0, 0, 1, 0)),
            ]
        );
        // No one named: nothing counted, not even as the last round.
        r.count_people(classic, (10, 1), &[], &outcome(0, None));
        assert_eq!(r.counted, Some((9, 5)));
        assert_eq!(r.version, RECORD_VERSION);
        // Kept and read back as it was.
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(Record::read(Some(&text)), (r, None));
    }

    /// The words the record was kept in at each version (see `browser_storage::words_of`):
    /// version N is entry N - 1; an entry, once its version is out, is never edited.
    const KEPT_WORDS: [&str; RECORD_VERSION as usize] = [
        "all all.games all.games_won all.rounds all.rounds_won best_round counted lines \
         lines[].edition lines[].edition=classic lines[].edition=classic-blank \
         lines[].edition=coloradd lines[].edition=masters lines[].edition=spider-man \
         lines[].level lines[].level=Easy lines[].level=Hard lines[].level=Medium \
         lines[].level=Mixed lines[].level=Random lines[].tally lines[].tally.games \
         lines[].tally.games_won lines[].tally.rounds lines[].tally.rounds_won streak version",
        // 2: rounds in online rooms, on lines of their own.
        "all all.games all.games_won all.rounds all.rounds_won best_round counted lines \
         lines[].edition lines[].edition=classic lines[].edition=classic-blank \
         lines[].edition=coloradd lines[].edition=masters lines[].edition=spider-man \
         lines[].level lines[].level=Easy lines[].level=Hard lines[].level=Medium \
         lines[].level=Mixed lines[].level=Online lines[].level=Random lines[].tally \
         lines[].tally.games lines[].tally.games_won lines[].tally.rounds \
         lines[].tally.rounds_won streak version",
        // 3: pass-and-play at this device, by person.
        "all all.games all.games_won all.rounds all.rounds_won best_round counted lines \
         lines[].edition lines[].edition=classic lines[].edition=classic-blank \
         lines[].edition=coloradd lines[].edition=masters lines[].edition=spider-man \
         lines[].level lines[].level=Easy lines[].level=Hard lines[].level=Medium \
         lines[].level=Mixed lines[].level=Online lines[].level=Random lines[].tally \
         lines[].tally.games lines[].tally.games_won lines[].tally.rounds \
         lines[].tally.rounds_won people people[].edition people[].edition=classic \
         people[].edition=classic-blank people[].edition=coloradd people[].edition=masters \
         people[].edition=spider-man people[].level people[].tally people[].tally.games \
         people[].tally.games_won people[].tally.rounds people[].tally.rounds_won streak \
         version",
    ];

    #[test]
    fn the_kept_record_says_its_version() {
        // A line for every edition against every level, and one of mixed levels.
        let mut record = Record::default();
        let mut round = 0;
        for &edition in &Edition::ALL {
            let mut options = Options::default();
            options.rules.edition = edition;
            for level in Level::ALL {
                options.level = level;
                round += 1;
                record.count(&options, 1, round, 0, &outcome(0, Some(0)), 10);
            }
        }
        let mixed = Options {
            seat_levels: vec![Level::Easy],
            ..Options::default()
        };
        record.count(&mixed, 2, 1, 0, &outcome(1, None), 0);
        for &edition in &Edition::ALL {
            round += 1;
            record.count_online(edition, online_round("ABC123", round), 1, &outcome(1, None));
        }
        for &edition in &Edition::ALL {
            round += 1;
            record.count_people(
                edition,
                (3, round),
                &[(0, "Ada".into())],
                &outcome(0, Some(0)),
            );
        }
        // Every field (a new one fails to compile here).
        let Record {
            version: _,
            all: _,
            lines: _,
            best_round: _,
            streak: _,
            counted: _,
            people: _,
        } = &record;
        let mut words = std::collections::BTreeSet::new();
        words_of(
            &serde_json::to_string(&record).unwrap(),
            &["people[].level"],
            &mut words,
        );
        assert_kept_words(&words, &KEPT_WORDS, "RECORD_VERSION");
    }

    #[test]
    fn a_bad_record_starts_again_with_a_sentence() {
        let (r, said) = Record::read(Some("{not json"));
        assert_eq!(r, Record::default());
        assert!(said.unwrap().contains("could not be read"));
        let of_version = |v: u32| {
            format!(
                r#"{{"version":{v},"all":{{"games":1,"games_won":1,"rounds":1,"rounds_won":1}},"lines":[],"best_round":0,"streak":0,"counted":null}}"#
            )
        };
        // A later shape is a newer version's, to be kept: said so, and never written over.
        let (r, said) = Record::read(Some(&of_version(99)));
        assert_eq!(r, Record::default());
        assert!(said.unwrap().contains("newer version"));
        assert!(Record::newer(&of_version(RECORD_VERSION + 1)));
        // Even when it holds what this page cannot read (a line of an edition it does not know).
        let unknown = r#"{"version":4,"all":{"games":1,"games_won":1,"rounds":1,"rounds_won":1},"lines":[{"edition":"flip","level":"Hard","tally":{"games":1,"games_won":1,"rounds":1,"rounds_won":1}}],"best_round":0,"streak":0,"counted":null}"#;
        assert!(serde_json::from_str::<Record>(unknown).is_err());
        assert!(Record::newer(unknown));
        let (_, said) = Record::read(Some(unknown));
        assert!(said.unwrap().contains("newer version"));
        // The first and second versions' records read as they were (the same keys, no online
        // line in the first, no people in either); no version starts again.
        for v in [1, 2] {
            let (r, said) = Record::read(Some(&of_version(v)));
            assert_eq!(
                (r.version, r.all.games, r.people.len(), said),
                (v, 1, 0, None)
            );
        }
        let (_, said) = Record::read(Some(&of_version(0)));
        assert!(said.unwrap().contains("could not be read"));
        assert!(!Record::newer(&of_version(RECORD_VERSION)));
        assert!(!Record::newer(&of_version(0)));
        assert!(!Record::newer("{not json"));
        let mut good = Record::default();
        good.count(&Options::default(), 1, 1, 0, &outcome(0, None), 5);
        let text = serde_json::to_string(&good).unwrap();
        assert_eq!(Record::read(Some(&text)), (good, None));
    }
}
