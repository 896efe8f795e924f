//! The room protocol's messages (ROOMS.md), both ways, one definition for the room server and
//! the page, and how a text frame becomes a request: too large, not JSON, an unknown type or a
//! missing field each get a sentence, never a panic.
//!
//! The server reads requests strictly (`parse`) and writes replies; the page writes requests
//! and reads replies leniently: a field ROOMS.md added later has a default, so a page still
//! reads a server that does not send it.

use serde::{Deserialize, Serialize};
use uno_bots::Level;
use uno_engine::{Action, Event, Rules, Seat};

/// The largest message a client may send, in bytes: the largest request (a `create` with ten
/// seats and every house rule) is well under 1 KB.
pub const MAX_MESSAGE: usize = 4096;

/// The quick reactions a seat may send: a fixed set, no free text.
pub const EMOTES: [&str; 6] = ["👍", "😂", "😮", "😬", "🎉", "👏"];

/// The longest name a person may give, in characters.
pub const MAX_NAME: usize = 20;

/// What a client asks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// Extra fields are let pass (ROOMS.md: "extra fields may be added").
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request {
    Create {
        name: String,
        rules: Rules,
        seats: Vec<SeatKindSpec>,
        #[serde(default)]
        options: RoomOptions,
    },
    Join {
        room: String,
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
    },
    Watch {
        room: String,
    },
    Resume {
        room: String,
        token: String,
    },
    Start,
    Act {
        action: Action,
    },
    React {
        emote: String,
    },
    Leave,
    /// Added to ROOMS.md: a seated player deals the next round once one is over (the server
    /// also deals it by itself after a pause).
    NextRound,
    /// Added to ROOMS.md: the room's creator (seat 0) frees another person's seat (a friend
    /// who joined twice, or who went and will not come back): its token holds it no more,
    /// and a bot plays it until someone joins it.
    FreeSeat {
        seat: Seat,
    },
    /// Added to ROOMS.md: asks for a `pong` at once, in a room or not. A page sends it when
    /// its line has been quiet a while: browsers do not show a page the WebSocket pings, and
    /// a line can die without closing (a weak signal).
    Ping,
}

/// A seat as `create` asks for it: `"human"`, or a bot level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKindSpec {
    Human,
    Easy,
    Medium,
    Hard,
}

impl SeatKindSpec {
    /// Every kind, in the order a form offers them.
    pub const ALL: [SeatKindSpec; 4] = [
        SeatKindSpec::Human,
        SeatKindSpec::Easy,
        SeatKindSpec::Medium,
        SeatKindSpec::Hard,
    ];

    /// Its name in a message.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SeatKindSpec::Human => "human",
            SeatKindSpec::Easy => "easy",
            SeatKindSpec::Medium => "medium",
            SeatKindSpec::Hard => "hard",
        }
    }

    #[must_use]
    pub fn level(self) -> Option<Level> {
        match self {
            SeatKindSpec::Human => None,
            SeatKindSpec::Easy => Some(Level::Easy),
            SeatKindSpec::Medium => Some(Level::Medium),
            SeatKindSpec::Hard => Some(Level::Hard),
        }
    }
}

/// A room's timers, in seconds; `0` means never.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RoomOptions {
    /// A seat away this long is played by a bot until it comes back.
    pub takeover_seconds: u32,
    /// A seat that does not act this long on its turn has a bot act for it once.
    pub turn_seconds: u32,
}

impl Default for RoomOptions {
    fn default() -> RoomOptions {
        RoomOptions {
            takeover_seconds: 60,
            turn_seconds: 0,
        }
    }
}

/// The longest timer a room may set: a day.
pub const MAX_TIMER_SECONDS: u32 = 86_400;

/// One seat as the `room` message shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub name: String,
    /// `"human"` or `"bot"`.
    pub kind: String,
    /// A bot's level; for a person's seat, the level of the bot that plays it when it must.
    pub level: Level,
    pub connected: bool,
    /// Added: whether a bot plays this person's seat now (away too long, left, not yet taken).
    #[serde(default)]
    pub bot_plays: bool,
    /// Added: whether a person holds this seat (a free seat can be joined).
    #[serde(default)]
    pub taken: bool,
}

/// What the server says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Reply {
    Joined {
        room: String,
        seat: Option<Seat>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    Room {
        room: String,
        seats: Vec<SeatInfo>,
        started: bool,
        #[serde(default)]
        options: RoomOptions,
        /// Added: the table's rules, for the lobby to show.
        #[serde(default)]
        rules: Rules,
        /// Added: sent only to the connections of a seat just freed by `free_seat` (which
        /// watch from then on), the name of the person who freed it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        freed_by: Option<String>,
    },
    State {
        /// The VIEW of SCENARIOS.md (a watcher's `seat` is `null`, its `hand` empty).
        view: serde_json::Value,
        legal: Vec<Action>,
        #[serde(default)]
        events: Vec<Event>,
        /// Added: counts accepted actions and deals in this room.
        #[serde(default)]
        version: u64,
        /// Added: seconds left for the seat to play before a bot acts for it, when timed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turn_deadline: Option<u32>,
    },
    Reaction {
        seat: Seat,
        emote: String,
    },
    Error {
        message: String,
    },
    /// Added: the answer to `ping`.
    Pong,
}

impl Reply {
    #[must_use]
    pub fn error(message: impl Into<String>) -> Reply {
        Reply::Error {
            message: message.into(),
        }
    }

    /// The message as its text frame.
    #[must_use]
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| {
            r#"{"type":"error","message":"The server could not write its answer."}"#.into()
        })
    }
}

impl Request {
    /// The message as its text frame.
    #[must_use]
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("a request is plain data")
    }
}

/// Reads one text frame as a request, or says in one sentence why it cannot.
pub fn parse(text: &str) -> Result<Request, String> {
    if text.len() > MAX_MESSAGE {
        return Err(format!(
            "That message is too large ({} bytes; at most {MAX_MESSAGE}).",
            text.len()
        ));
    }
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|_| "That message is not JSON.".to_string())?;
    let Some(kind) = value.get("type").and_then(serde_json::Value::as_str) else {
        return Err("A message needs a \"type\".".into());
    };
    let kind = kind.to_string();
    const TYPES: [&str; 11] = [
        "create",
        "join",
        "watch",
        "resume",
        "start",
        "act",
        "react",
        "leave",
        "next_round",
        "free_seat",
        "ping",
    ];
    if !TYPES.contains(&kind.as_str()) {
        return Err(format!(
            "Unknown message type \"{}\".",
            kind.chars().take(40).collect::<String>()
        ));
    }
    serde_json::from_value(value).map_err(|e| {
        let reason = e.to_string();
        format!(
            "That \"{kind}\" message is not right: {}.",
            reason.chars().take(160).collect::<String>()
        )
    })
}

/// A person's name as the room keeps it: trimmed, control characters dropped, at most
/// `MAX_NAME` characters; an empty one is refused.
pub fn clean_name(name: &str) -> Result<String, String> {
    let name: String = name
        .chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .chars()
        .take(MAX_NAME)
        .collect();
    if name.is_empty() {
        Err("Please give a name.".into())
    } else {
        Ok(name)
    }
}

/// Whether two names are one to the people at a table: spaces around and (Latin) case aside.
#[must_use]
pub fn same_name(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// `name`, or when `taken` says a seat already has it, the name with the lowest number from 2
/// that none has ("Sam 2"), kept within `MAX_NAME` characters: two people (or a person and a
/// bot) under one name could not tell who is who at the table.
#[must_use]
pub fn distinct_name(name: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(name) {
        return name.to_string();
    }
    (2..)
        .map(|n| {
            let number = format!(" {n}");
            let room = MAX_NAME.saturating_sub(number.len());
            let base: String = name.chars().take(room).collect();
            format!("{}{number}", base.trim_end())
        })
        .find(|candidate| !taken(candidate))
        .expect("a table has fewer seats than numbers")
}

/// Where `actual` no longer says what `expected` said (`None`: all of it holds). Fields that
/// `expected` lacks are let pass, as extra fields may be added: a later version's JSON holds
/// all an earlier one's said (how the tests check that what earlier versions kept still reads).
#[must_use]
pub fn unsaid(expected: &serde_json::Value, actual: &serde_json::Value) -> Option<String> {
    use serde_json::Value;
    fn at(expected: &Value, actual: &Value, path: &str) -> Option<String> {
        match (expected, actual) {
            (Value::Object(e), Value::Object(a)) => e
                .iter()
                .find_map(|(k, v)| at(v, a.get(k).unwrap_or(&Value::Null), &format!("{path}.{k}"))),
            (Value::Array(e), Value::Array(a)) if e.len() == a.len() => e
                .iter()
                .zip(a)
                .enumerate()
                .find_map(|(i, (e, a))| at(e, a, &format!("{path}[{i}]"))),
            _ => (expected != actual).then(|| format!("{path}: {actual}, not {expected}")),
        }
    }
    at(expected, actual, "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_a_seat_holds_is_numbered() {
        let held = ["Sam", "sam 2", "Bot 1", "Abcdefghijklmnopqrst"];
        let taken = |n: &str| held.iter().any(|h| same_name(h, n));
        assert_eq!(distinct_name("Ada", taken), "Ada");
        assert_eq!(distinct_name("SAM", taken), "SAM 3");
        assert_eq!(distinct_name("Bot 1", taken), "Bot 1 2");
        let long = distinct_name("Abcdefghijklmnopqrst", taken);
        assert_eq!(long, "Abcdefghijklmnopqr 2");
        assert_eq!(long.chars().count(), MAX_NAME);
        // Characters, not bytes, are counted.
        assert_eq!(
            distinct_name("Zoë Zoë Zoë Zoë Zoë!", |n| n == "Zoë Zoë Zoë Zoë Zoë!"),
            "Zoë Zoë Zoë Zoë Zo 2"
        );
    }

    #[test]
    fn requests_read_as_rooms_md_writes_them() {
        let create = parse(
            r#"{"type":"create","name":"Ada","rules":{"edition":"classic"},"seats":["human","hard","human"],"options":{"takeover_seconds":30,"turn_seconds":0}}"#,
        )
        .unwrap();
        assert_eq!(
            create,
            Request::Create {
                name: "Ada".into(),
                rules: Rules::default(),
                seats: vec![SeatKindSpec::Human, SeatKindSpec::Hard, SeatKindSpec::Human],
                options: RoomOptions {
                    takeover_seconds: 30,
                    turn_seconds: 0
                },
            }
        );
        assert_eq!(
            parse(r#"{"type":"act","action":{"seat":1,"do":"draw"}}"#).unwrap(),
            Request::Act {
                action: Action::Draw { seat: 1 }
            }
        );
        assert_eq!(
            parse(r#"{"type":"join","room":"BCD234","name":"Bo"}"#).unwrap(),
            Request::Join {
                room: "BCD234".into(),
                name: "Bo".into(),
                seat: None
            }
        );
    }

    #[test]
    fn malformed_messages_get_a_sentence() {
        for (text, said) in [
            ("not json", "not JSON"),
            ("[1,2]", "needs a \"type\""),
            (r#"{"type":"shout"}"#, "Unknown message type \"shout\""),
            (r#"{"type":"join","room":"X"}"#, "missing field `name`"),
            (
                r#"{"type":"act","action":{"seat":1,"do":"fly"}}"#,
                "\"act\" message",
            ),
        ] {
            let e = parse(text).unwrap_err();
            assert!(e.contains(said), "{text}: {e}");
        }
        assert_eq!(parse(r#"{"type":"start","extra":1}"#), Ok(Request::Start));
        let big = format!(r#"{{"type":"react","emote":"{}"}}"#, "a".repeat(5000));
        assert!(parse(&big).unwrap_err().contains("too large"));
        // "At most" 4,096 bytes: a message of exactly that size is read (as JSON, here with
        // spaces to pad it), one byte more is refused unread.
        let start = r#"{"type":"start"}"#;
        let padded = format!("{start}{}", " ".repeat(MAX_MESSAGE - start.len()));
        assert_eq!(padded.len(), MAX_MESSAGE);
        assert_eq!(parse(&padded), Ok(Request::Start));
        assert!(parse(&format!("{padded} "))
            .unwrap_err()
            .contains("too large"));
    }

    #[test]
    fn each_bot_seat_kind_plays_its_own_level() {
        assert_eq!(SeatKindSpec::Human.level(), None);
        assert_eq!(SeatKindSpec::Easy.level(), Some(Level::Easy));
        assert_eq!(SeatKindSpec::Medium.level(), Some(Level::Medium));
        assert_eq!(SeatKindSpec::Hard.level(), Some(Level::Hard));
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(clean_name("  Bea\n ").unwrap(), "Bea");
        assert_eq!(clean_name(&"x".repeat(50)).unwrap().len(), MAX_NAME);
        assert!(clean_name(" \u{7} ").is_err());
    }

    #[test]
    fn every_request_the_page_writes_the_server_reads_back() {
        let requests = [
            Request::Create {
                name: "Ada".into(),
                rules: Rules::new(uno_engine::Edition::Masters),
                seats: SeatKindSpec::ALL.to_vec(),
                options: RoomOptions {
                    takeover_seconds: 180,
                    turn_seconds: 30,
                },
            },
            Request::Join {
                room: "BCD234".into(),
                name: "Bo".into(),
                seat: Some(2),
            },
            Request::Join {
                room: "BCD234".into(),
                name: "Bo".into(),
                seat: None,
            },
            Request::Watch {
                room: "BCD234".into(),
            },
            Request::Resume {
                room: "BCD234".into(),
                token: "ab".into(),
            },
            Request::Start,
            Request::Act {
                action: Action::Play {
                    seat: 1,
                    card: uno_engine::Card::WILD,
                    color: Some(uno_engine::Color::Blue),
                },
            },
            Request::React {
                emote: EMOTES[3].into(),
            },
            Request::Leave,
            Request::NextRound,
            Request::FreeSeat { seat: 2 },
            Request::Ping,
        ];
        for request in requests {
            assert_eq!(parse(&request.to_text()), Ok(request.clone()));
        }
        assert_eq!(Request::Start.to_text(), r#"{"type":"start"}"#);
        assert_eq!(Request::Ping.to_text(), r#"{"type":"ping"}"#);
        assert_eq!(Reply::Pong.to_text(), r#"{"type":"pong"}"#);
        assert_eq!(
            Request::FreeSeat { seat: 2 }.to_text(),
            r#"{"type":"free_seat","seat":2}"#
        );
        assert_eq!(
            Request::Join {
                room: "BCD234".into(),
                name: "Bo".into(),
                seat: None
            }
            .to_text(),
            r#"{"type":"join","room":"BCD234","name":"Bo"}"#
        );
        let kinds: Vec<&str> = SeatKindSpec::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(
            serde_json::to_value(SeatKindSpec::ALL).unwrap(),
            serde_json::json!(kinds)
        );
    }

    #[test]
    fn the_page_reads_what_the_server_writes_and_what_an_older_one_wrote() {
        let seat = SeatInfo {
            name: "Ada".into(),
            kind: "human".into(),
            level: Level::Hard,
            connected: true,
            bot_plays: true,
            taken: true,
        };
        let replies = [
            Reply::Joined {
                room: "BCD234".into(),
                seat: Some(1),
                token: Some("ab".into()),
            },
            Reply::Room {
                room: "BCD234".into(),
                seats: vec![seat.clone()],
                started: false,
                options: RoomOptions {
                    takeover_seconds: 0,
                    turn_seconds: 60,
                },
                rules: Rules::new(uno_engine::Edition::SpiderMan),
                freed_by: Some("Ada".into()),
            },
            Reply::State {
                view: serde_json::json!({"seat": null}),
                legal: vec![Action::Draw { seat: 0 }],
                events: vec![Event::CalledUno { seat: 2 }],
                version: 7,
                turn_deadline: Some(12),
            },
            Reply::Reaction {
                seat: 3,
                emote: EMOTES[0].into(),
            },
            Reply::error("No such room."),
            Reply::Pong,
        ];
        for reply in replies {
            let read: Reply = serde_json::from_str(&reply.to_text()).unwrap();
            assert_eq!(read, reply);
        }
        // ROOMS.md's first messages, before the fields this project added.
        let old: Reply = serde_json::from_str(
            r#"{"type":"room","room":"BCD234","started":true,"seats":[
                {"name":"Ada","kind":"human","level":"medium","connected":false}]}"#,
        )
        .unwrap();
        assert_eq!(
            old,
            Reply::Room {
                room: "BCD234".into(),
                seats: vec![SeatInfo {
                    name: "Ada".into(),
                    kind: "human".into(),
                    level: Level::Medium,
                    connected: false,
                    bot_plays: false,
                    taken: false,
                }],
                started: true,
                options: RoomOptions::default(),
                rules: Rules::default(),
                freed_by: None,
            }
        );
        let old: Reply = serde_json::from_str(r#"{"type":"state","view":{},"legal":[]}"#).unwrap();
        assert_eq!(
            old,
            Reply::State {
                view: serde_json::json!({}),
                legal: Vec::new(),
                events: Vec::new(),
                version: 0,
                turn_deadline: None,
            }
        );
    }

    #[test]
    fn replies_carry_their_type() {
        let text = Reply::error("No such room.").to_text();
        assert_eq!(text, r#"{"type":"error","message":"No such room."}"#);
        let joined = Reply::Joined {
            room: "BCD234".into(),
            seat: None,
            token: None,
        };
        assert_eq!(
            joined.to_text(),
            r#"{"type":"joined","room":"BCD234","seat":null}"#
        );
    }

    #[test]
    fn what_was_said_holds_with_fields_added_but_not_changed_or_dropped() {
        let earlier = serde_json::json!({ "seat": 1, "hand": ["R1", "B2"], "view": { "turn": 0 } });
        let later = serde_json::json!({ "seat": 1, "hand": ["R1", "B2"], "view": { "turn": 0, "new": true }, "more": 2 });
        assert_eq!(unsaid(&earlier, &later), None);
        let changed = serde_json::json!({ "seat": 1, "hand": ["R1", "B3"], "view": { "turn": 0 } });
        assert_eq!(
            unsaid(&earlier, &changed).unwrap(),
            ".hand[1]: \"B3\", not \"B2\""
        );
        let dropped = serde_json::json!({ "seat": 1, "hand": ["R1", "B2"], "view": {} });
        assert_eq!(
            unsaid(&earlier, &dropped).unwrap(),
            ".view.turn: null, not 0"
        );
        let longer =
            serde_json::json!({ "seat": 1, "hand": ["R1", "B2", "G3"], "view": { "turn": 0 } });
        assert!(unsaid(&earlier, &longer).unwrap().starts_with(".hand: "));
    }
}
