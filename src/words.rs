//! Every sentence the table says: seat names, cards and colors (with the ColorADD symbol in
//! words when symbol mode is on), an action as a hint says it, and each engine event as a log
//! line. The game keeps events, never sentences: this is the one place that turns them into
//! words, so the words can change (or be translated) without touching the game.

use uno_engine::{Action, Card, Color, Direction, Edition, Event, RuleError, Seat};

/// The names of the seats at the local table, the player's first.
pub const NAMES: [&str; 10] = [
    "You", "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo",
];

/// Whether two names are one to the people at a table (the rule the room server names seats
/// by, so the page and the server agree).
pub use uno_protocol::same_name;

/// The names a bot takes when a person at the device has its seat's (as many as the seats:
/// there is always one left for every bot).
pub const SPARE_NAMES: [&str; 10] = [
    "Jo", "Kai", "Lea", "Max", "Nia", "Otto", "Pia", "Rui", "Sol", "Tam",
];

/// How many lines the log keeps on screen.
pub const LOG_LINES: usize = 60;

/// The words of one screen: who sits where, which seat is "you", and whether colors are said
/// with their ColorADD symbols.
#[derive(Clone, Copy, Debug)]
pub struct Words<'a> {
    pub names: &'a [String],
    /// The seat this screen speaks to: "you".
    pub me: Seat,
    pub symbols: bool,
    /// The table's edition, which names its own cards (a Blank card, a Wild Customizable).
    pub edition: Edition,
}

impl Words<'_> {
    /// A seat's name; "You" for this screen's seat.
    #[must_use]
    pub fn name(&self, seat: Seat) -> &str {
        if seat == self.me {
            "You"
        } else {
            self.names
                .get(usize::from(seat))
                .map_or("Someone", String::as_str)
        }
    }

    /// "you" as an object, a seat's name otherwise.
    fn object(&self, seat: Seat) -> &str {
        if seat == self.me {
            "you"
        } else {
            self.name(seat)
        }
    }

    /// The verb ending for a seat as the subject: "You play", "Ada plays".
    fn s(&self, seat: Seat) -> &'static str {
        if seat == self.me {
            ""
        } else {
            "s"
        }
    }

    /// A color's name, with its ColorADD symbol described when symbol mode is on.
    #[must_use]
    pub fn color(&self, color: Color) -> String {
        if self.symbols {
            format!("{} ({})", color.name(), coloradd_words(color))
        } else {
            color.name().to_string()
        }
    }

    /// A card's name, with its color's symbol described when symbol mode is on.
    #[must_use]
    pub fn card(&self, card: Card) -> String {
        match card.color() {
            Some(c) if self.symbols => format!("{} ({})", card.name(), coloradd_words(c)),
            _ => self.edition.card_name(card),
        }
    }

    /// A hand's cards in a row, as a screen reader hears a shown hand ("Red 7, Blank card"):
    /// named as the table's edition names them, without the symbols' words.
    #[must_use]
    pub fn cards(&self, cards: &[Card]) -> String {
        cards
            .iter()
            .map(|&c| self.edition.card_name(c))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// An action as a hint says it: "play Red 7", "play Wild and name Blue".
    #[must_use]
    pub fn action(&self, action: &Action) -> String {
        match *action {
            Action::Play {
                card,
                color: Some(c),
                ..
            } => format!("play {} and name {}", self.card(card), self.color(c)),
            Action::Play { card, .. } => format!("play {}", self.card(card)),
            Action::Draw { .. } => "draw a card".into(),
            Action::Pass { .. } => "keep the card you drew".into(),
            Action::CallUno { .. } => "call UNO".into(),
            Action::Catch { target, .. } => format!("catch {}", self.name(target)),
            Action::Challenge { .. } => "challenge the Wild Draw Four".into(),
            Action::Accept { .. } => "accept the Wild Draw Four".into(),
            Action::Choose {
                target: Some(t), ..
            } => format!("choose {}", self.name(t)),
            Action::Choose { target: None, .. } => "choose no one".into(),
        }
    }

    /// Why a move was refused, as a sentence to the player: the engine's reason, with seats
    /// named ("It is Ada's turn.").
    #[must_use]
    pub fn refusal(&self, error: &RuleError) -> String {
        let text = match *error {
            RuleError::NotYourTurn { turn, .. } => format!("it is {}'s turn", self.name(turn)),
            RuleError::CannotJumpIn { .. } => {
                "out of turn, only the twin of the top card may be played".into()
            }
            _ => error.to_string(),
        };
        let mut chars = text.chars();
        let first = chars.next().map(|c| c.to_ascii_uppercase().to_string());
        format!("{}{}.", first.unwrap_or_default(), chars.as_str())
    }

    /// The log's lines for these events (as this screen's seat saw them), the newest
    /// `LOG_LINES` of them, oldest first. Cards one seat draws in a row make one line.
    #[must_use]
    pub fn log(&self, events: &[Event]) -> Vec<String> {
        let mut lines = Vec::new();
        let mut rest = events;
        while let Some((&first, after)) = rest.split_first() {
            let Event::Drew { seat, .. } = first else {
                lines.extend(self.event(&first));
                rest = after;
                continue;
            };
            let run = rest
                .iter()
                .take_while(|e| matches!(e, Event::Drew { seat: s, .. } if *s == seat))
                .count();
            lines.push(self.drew(seat, &rest[..run]));
            rest = &rest[run..];
        }
        let excess = lines.len().saturating_sub(LOG_LINES);
        lines.drain(..excess);
        lines
    }

    /// One line for `draws`, cards drawn in a row by `seat`: "Ada drew 3 cards.", "You drew
    /// Red 5 and Blue 2."
    fn drew(&self, seat: Seat, draws: &[Event]) -> String {
        let seen: Vec<String> = draws
            .iter()
            .filter_map(|e| match e {
                Event::Drew { card: Some(c), .. } => Some(self.card(*c)),
                _ => None,
            })
            .collect();
        let name = self.name(seat);
        // A seat's draws are all shown to this screen (its own) or all hidden.
        match (seen.split_last(), draws.len()) {
            (Some((last, [])), _) => format!("{name} drew {last}."),
            (Some((last, others)), _) => format!("{name} drew {} and {last}.", others.join(", ")),
            (None, 1) => format!("{name} drew a card."),
            (None, n) => format!("{name} drew {n} cards."),
        }
    }

    /// One log line for an event; `None` for events too small to mention.
    #[must_use]
    pub fn event(&self, event: &Event) -> Option<String> {
        let name = |seat| self.name(seat);
        let s = |seat| self.s(seat);
        Some(match *event {
            Event::RoundStarted { dealer, top, color } => match color {
                Some(_) => format!(
                    "{} dealt. {} starts the discard pile.",
                    name(dealer),
                    self.card(top)
                ),
                None => format!(
                    "{} dealt. {} starts the pile: the first card played sets the color.",
                    name(dealer),
                    self.card(top)
                ),
            },
            Event::Played { seat, card, color } => match (card.is_wild(), color) {
                (true, Some(c)) => format!(
                    "{} play{} {} and name{} {}.",
                    name(seat),
                    s(seat),
                    self.card(card),
                    s(seat),
                    self.color(c)
                ),
                _ => format!("{} play{} {}.", name(seat), s(seat), self.card(card)),
            },
            Event::Drew { seat, card } => match card {
                Some(c) => format!("{} drew {}.", name(seat), self.card(c)),
                None => format!("{} drew a card.", name(seat)),
            },
            Event::NothingToDraw { seat } => {
                format!("{}: no cards left to draw; the turn passes.", name(seat))
            }
            Event::Reshuffled { .. } => "The discard pile is shuffled into a new draw pile.".into(),
            Event::Passed { seat } => format!("{} keep{} the drawn card.", name(seat), s(seat)),
            Event::CalledUno { seat } => format!("{} call{} UNO!", name(seat), s(seat)),
            Event::Caught { seat, target } => {
                format!("{} caught {} without UNO!", name(seat), self.object(target))
            }
            Event::Challenged {
                seat,
                target,
                guilty,
            } => format!(
                "{} challenge{} {}: {}.",
                name(seat),
                s(seat),
                self.object(target),
                if guilty { "guilty" } else { "innocent" }
            ),
            Event::Accepted { .. } => return None,
            Event::MustDraw { seat, count } => format!("{} must draw {count}.", name(seat)),
            Event::Stacked { seat, total } => {
                format!("Stacked! {} now face{} {total} cards.", name(seat), s(seat))
            }
            Event::Skipped { seat } => format!(
                "{} {} skipped.",
                name(seat),
                if seat == self.me { "are" } else { "is" }
            ),
            Event::Reversed { .. } => "Play reverses direction.".into(),
            Event::HandsRevealed { seat } => {
                format!(
                    "{} swing{} a web: every hand is shown.",
                    name(seat),
                    s(seat)
                )
            }
            Event::Chose { seat, target } => match target {
                Some(t) => format!("{} chose {}.", name(seat), self.object(t)),
                None => format!("{} chose no one.", name(seat)),
            },
            Event::HandsSwapped { seat, target } => {
                format!("{} and {} swap hands.", name(seat), self.object(target))
            }
            Event::HandsRotated { .. } => "Every hand passes one seat along.".into(),
            Event::DiscardedColor {
                seat,
                color,
                count: 0,
            } => format!(
                "{} {} no {} card to discard.",
                name(seat),
                if seat == self.me { "have" } else { "has" },
                self.color(color)
            ),
            Event::DiscardedColor { seat, color, count } => format!(
                "{} discard{} {count} {} card{}.",
                name(seat),
                s(seat),
                self.color(color),
                if count == 1 { "" } else { "s" }
            ),
            Event::PlaysAgain { seat } => format!("{} play{} again.", name(seat), s(seat)),
            Event::RoundEnded { winner, points } => {
                format!(
                    "{} went out and score{} {}.",
                    name(winner),
                    s(winner),
                    counted(points as usize, "point")
                )
            }
            Event::GameWon { winner } if winner == self.me => "You win the game!".into(),
            Event::GameWon { winner } => format!("{} wins the game!", name(winner)),
        })
    }
}

/// A count of things in words, one without its "s": "1 card", "7 cards", "1 point".
#[must_use]
pub fn counted(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// The direction of play in words.
#[must_use]
pub fn direction(direction: Direction) -> &'static str {
    match direction {
        Direction::Left => "clockwise",
        Direction::Right => "counter-clockwise",
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

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        NAMES.iter().map(|n| n.to_string()).collect()
    }

    /// The words of the screen of `me`, without symbols, at a Classic table.
    fn words_of(names: &[String], me: Seat) -> Words<'_> {
        Words {
            names,
            me,
            symbols: false,
            edition: Edition::Classic,
        }
    }

    #[test]
    fn log_lines_speak_of_you_and_name_colors_with_symbols() {
        let names = names();
        let plain = words_of(&names, 0);
        let symbols = Words {
            symbols: true,
            ..plain
        };
        let played = Event::Played {
            seat: 0,
            card: Card::WILD,
            color: Some(Color::Blue),
        };
        assert_eq!(
            plain.event(&played).unwrap(),
            "You play Wild and name Blue."
        );
        assert_eq!(
            symbols.event(&played).unwrap(),
            "You play Wild and name Blue (triangle down)."
        );
        let swing = Event::HandsRevealed { seat: 0 };
        assert_eq!(
            plain.event(&swing).unwrap(),
            "You swing a web: every hand is shown."
        );
        let stacked = Event::Stacked { seat: 0, total: 4 };
        assert_eq!(
            plain.event(&stacked).unwrap(),
            "Stacked! You now face 4 cards."
        );
        let drew = Event::Drew {
            seat: 2,
            card: None,
        };
        assert_eq!(plain.event(&drew).unwrap(), "Ben drew a card.");
        assert_eq!(
            symbols.action(&Action::Play {
                seat: 0,
                card: Card::WILD,
                color: Some(Color::Red)
            }),
            "play Wild and name Red (triangle up)"
        );
    }

    #[test]
    fn you_are_the_screen_s_own_seat_wherever_it_sits() {
        let names: Vec<String> = ["Zoe", "Ada", "Ben"].map(String::from).to_vec();
        let from_ben = words_of(&names, 2);
        let caught = Event::Caught { seat: 1, target: 2 };
        assert_eq!(
            from_ben.event(&caught).unwrap(),
            "Ada caught you without UNO!"
        );
        // Chosen by a 7 (or a swap), "you" is the object too.
        let chose = Event::Chose {
            seat: 1,
            target: Some(2),
        };
        assert_eq!(from_ben.event(&chose).unwrap(), "Ada chose you.");
        let swapped = Event::HandsSwapped { seat: 1, target: 2 };
        assert_eq!(from_ben.event(&swapped).unwrap(), "Ada and you swap hands.");
        let mine = Event::HandsSwapped { seat: 2, target: 0 };
        assert_eq!(from_ben.event(&mine).unwrap(), "You and Zoe swap hands.");
        assert_eq!(
            from_ben.event(&Event::Skipped { seat: 0 }).unwrap(),
            "Zoe is skipped."
        );
        assert_eq!(
            from_ben.event(&Event::Skipped { seat: 2 }).unwrap(),
            "You are skipped."
        );
        assert_eq!(
            from_ben.event(&Event::GameWon { winner: 0 }).unwrap(),
            "Zoe wins the game!"
        );
        assert_eq!(
            from_ben.refusal(&RuleError::NotYourTurn { seat: 2, turn: 1 }),
            "It is Ada's turn."
        );
    }

    #[test]
    fn a_blank_card_is_named_so_and_a_color_discarded_counts_its_cards() {
        let names = names();
        let words = Words {
            edition: Edition::ClassicBlank,
            ..words_of(&names, 0)
        };
        let played = Event::Played {
            seat: 1,
            card: Card::WILD_CUSTOM,
            color: Some(Color::Green),
        };
        assert_eq!(
            words.event(&played).unwrap(),
            "Ada plays Blank card and names Green."
        );
        let discarded = |seat, count| Event::DiscardedColor {
            seat,
            color: Color::Green,
            count,
        };
        assert_eq!(
            words.event(&discarded(1, 2)).unwrap(),
            "Ada discards 2 Green cards."
        );
        assert_eq!(
            words.event(&discarded(0, 1)).unwrap(),
            "You discard 1 Green card."
        );
        assert_eq!(
            words.event(&discarded(0, 0)).unwrap(),
            "You have no Green card to discard."
        );
        assert_eq!(
            words.event(&discarded(1, 0)).unwrap(),
            "Ada has no Green card to discard."
        );
        let coloradd = Words {
            edition: Edition::ColorAdd,
            ..words
        };
        assert_eq!(
            coloradd.event(&played).unwrap(),
            "Ada plays Wild Customizable and names Green."
        );
        // A shown hand, as a screen reader hears it.
        let hand = [Card::number(Color::Red, 7), Card::WILD_CUSTOM];
        assert_eq!(words.cards(&hand), "Red 7, Blank card");
        assert_eq!(coloradd.cards(&hand), "Red 7, Wild Customizable");
    }

    #[test]
    fn one_of_a_thing_is_said_without_its_s() {
        assert_eq!(counted(1, "card"), "1 card");
        assert_eq!(counted(0, "card"), "0 cards");
        assert_eq!(counted(7, "card"), "7 cards");
        assert_eq!(counted(1, "point"), "1 point");
        assert_eq!(counted(504, "point"), "504 points");
        let names = names();
        let words = words_of(&names, 0);
        let went_out = [Event::RoundEnded {
            winner: 1,
            points: 1,
        }];
        assert_eq!(words.log(&went_out), ["Ada went out and scores 1 point."]);
    }

    #[test]
    fn cards_drawn_in_a_row_make_one_line() {
        let names = names();
        let words = words_of(&names, 0);
        let hidden = |seat| Event::Drew { seat, card: None };
        let seen = |card: &str| Event::Drew {
            seat: 0,
            card: Some(card.parse().unwrap()),
        };
        let events = [
            Event::MustDraw { seat: 1, count: 3 },
            hidden(1),
            hidden(1),
            hidden(1),
            hidden(2),
            seen("R5"),
            seen("B2"),
            seen("G7"),
            Event::Skipped { seat: 1 },
            seen("Y1"),
        ];
        assert_eq!(
            words.log(&events),
            [
                "Ada must draw 3.",
                "Ada drew 3 cards.",
                "Ben drew a card.",
                "You drew Red 5, Blue 2 and Green 7.",
                "Ada is skipped.",
                "You drew Yellow 1.",
            ]
        );
    }
}
