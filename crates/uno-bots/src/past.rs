//! What a seat's plays say of the hand it holds now. Its hand at each play it made since it
//! last took a card was exactly its hand now plus the cards it played since; before that, the
//! same less the cards it took in between (which ones is not known: they are taken out at
//! random, one that fits first where it drew instead of playing). So a guess of that hand can
//! be scored by how likely a player of the medium heuristic holding it would have been to make
//! those plays (a softmax of the heuristic's scores), and to draw where it drew; the hard bot's
//! guesses are then drawn in proportion to that score (sampling importance resampling).

use crate::determinize::Reading;
use crate::policy::{play_scores, MediumWeights};
use crate::table::Table;
use uno_engine::{Card, Color, Direction, Event, Guess, PlayerView, Rng, Seat, MAX_PLAYERS};

/// How sharply the heuristic's scores are read: a play that scored this much less than the
/// best is e (2.7) times less likely. One card more of a color is worth 10 to the search's
/// heuristic (`MediumWeights::SEARCH::same_color`). At tables of three or more the whole
/// reading counts half (`Reading::halved_from`), as if this were twice as high.
pub const TEMPERATURE: f64 = 10.0;

/// What drawing instead of playing costs a guess for each card beyond one in its hand then
/// that would have fit, in log-likelihood (a player draws holding a match, but seldom).
pub const DREW_HOLDING_A_MATCH: f64 = 3.0;

/// Picks guesses of the hidden cards by the plays the view shows (sampling importance
/// resampling over the guesses `determinize` deals).
pub struct Reader<'a> {
    plays: Vec<Vec<Step>>,
    /// Guesses dealt at a time (`Reading::plays`).
    batch: usize,
    weights: &'a MediumWeights,
    /// What each log-likelihood read counts (`Reading::halved_from`).
    scale: f64,
    scratch: Scratch,
    chances: Vec<f64>,
    /// Guesses kept and not yet handed out.
    ready: Vec<Guess>,
}

impl<'a> Reader<'a> {
    /// The plays `view` shows, as far back as `reading` says for its table, to be read as a
    /// player of `weights` would have made them.
    #[must_use]
    pub fn new(view: &PlayerView, weights: &'a MediumWeights, reading: Reading) -> Reader<'a> {
        let mut plays = steps(view, reading.whole_round);
        if !reading.kept_read {
            for step in plays.iter_mut().flatten() {
                if let Step::Drew { kept, .. } = step {
                    *kept = None;
                }
            }
        }
        Reader {
            plays,
            batch: usize::from(reading.plays),
            weights,
            scale: if view.hand_sizes.len() >= usize::from(reading.halved_from) {
                0.5
            } else {
                1.0
            },
            scratch: Scratch::default(),
            chances: Vec::new(),
            ready: Vec::new(),
        }
    }

    /// A guess by `deal`, read against the plays: `Reading::plays` guesses are dealt at a
    /// time and as many drawn from them with replacement, each as likely as its hands were to
    /// make the plays read, to be handed out one by one (a likely guess may come twice, an
    /// unlikely one not at all); a single guess when that is 1 or less or there is nothing
    /// to read.
    pub fn pick(
        &mut self,
        view: &PlayerView,
        rng: &mut Rng,
        mut deal: impl FnMut(&mut Rng) -> Guess,
    ) -> Guess {
        let k = self.batch;
        if k <= 1 || self.plays.iter().all(Vec::is_empty) {
            return deal(rng);
        }
        if let Some(guess) = self.ready.pop() {
            return guess;
        }
        let guesses: Vec<Guess> = (0..k).map(|_| deal(rng)).collect();
        self.chances.clear();
        for guess in &guesses {
            let mut log = 0.0;
            for (seat, plays) in self.plays.iter().enumerate() {
                if !plays.is_empty() {
                    log += log_likelihood(
                        view,
                        seat as Seat,
                        &guess.hands[seat],
                        plays,
                        self.weights,
                        rng,
                        &mut self.scratch,
                    );
                }
            }
            self.chances.push(log * self.scale);
        }
        let top = self.chances.iter().copied().fold(f64::MIN, f64::max);
        let mut total = 0.0;
        for c in &mut self.chances {
            *c = (*c - top).exp();
            total += *c;
        }
        let mut chosen = Vec::with_capacity(k);
        for _ in 0..k {
            // A uniform number in [0, total).
            let mut at = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
            let mut pick = k - 1;
            for (i, &c) in self.chances.iter().enumerate() {
                if at < c {
                    pick = i;
                    break;
                }
                at -= c;
            }
            chosen.push(pick);
        }
        // In the order drawn; a guess is moved where it is drawn last and copied before.
        let mut guesses: Vec<Option<Guess>> = guesses.into_iter().map(Some).collect();
        for (j, &i) in chosen.iter().enumerate() {
            let guess = if chosen[j + 1..].contains(&i) {
                guesses[i].clone()
            } else {
                guesses[i].take()
            };
            self.ready
                .push(guess.expect("a guess drawn later is still there"));
        }
        self.ready.pop().expect("one kept")
    }
}

/// One play a seat chose freely (not the card it had just drawn), with the table it was
/// made on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PastPlay {
    pub card: Card,
    /// The color it named, for a Wild-type card.
    pub named: Option<Color>,
    /// The card on top and the color in force before it.
    pub top: Card,
    pub color: Option<Color>,
    /// Every seat's hand size before it, and the direction of play.
    pub sizes: [u8; MAX_PLAYERS],
    pub direction: Direction,
}

/// One thing a seat did to its hand, as the table saw it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step {
    /// A play it chose freely.
    Play(PastPlay),
    /// It took a hidden card and kept it: `chose` when it drew on its turn instead of playing
    /// (it then held nothing that fit `top` and `color`), not for a penalty card; `kept` when
    /// the card fit and it chose to keep it rather than play it.
    Drew {
        top: Card,
        color: Option<Color>,
        chose: bool,
        kept: Option<Kept>,
    },
}

/// The table a seat kept a drawn card that fit at: every seat's hand size before the draw,
/// and the direction of play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Kept {
    pub sizes: [u8; MAX_PLAYERS],
    pub direction: Direction,
}

/// Per seat, what it did this round (or, unless `before_draws`, since it last took a card),
/// oldest first (none for `view.seat`): its free plays and the cards it took and kept between
/// them. Hands that change owners or lose cards by a rule cut the reading there.
#[must_use]
pub fn steps(view: &PlayerView, before_draws: bool) -> Vec<Vec<Step>> {
    let n = view.hand_sizes.len();
    let mut steps: Vec<Vec<(usize, Step)>> = vec![Vec::new(); n];
    let mut forced = vec![0u16; n];
    // The direction the round started in: the opposite of the first reversal's, if any.
    let mut direction = view
        .history
        .iter()
        .find_map(|e| match e {
            Event::Reversed { direction } => Some(direction.reversed()),
            _ => None,
        })
        .unwrap_or(view.direction);
    let (mut top, mut color) = (None, None);
    let mut just_drew: Option<Seat> = None;
    for (i, event) in view.history.iter().enumerate() {
        let drew_last = just_drew;
        if !matches!(event, Event::CalledUno { .. }) {
            just_drew = None;
        }
        match *event {
            Event::RoundStarted {
                top: t, color: c, ..
            } => (top, color) = (Some(t), c),
            Event::Played {
                seat,
                card,
                color: after,
            } => {
                let mine = &mut steps[usize::from(seat)];
                if drew_last == Some(seat) {
                    // The card it drew went out at once: its hand is as before the draw.
                    if let Some((_, Step::Drew { .. })) = mine.last() {
                        mine.pop();
                    }
                } else if let Some(t) = top {
                    mine.push((
                        i,
                        Step::Play(PastPlay {
                            card,
                            named: if card.is_wild() { after } else { None },
                            top: t,
                            color,
                            sizes: [0; MAX_PLAYERS],
                            direction,
                        }),
                    ));
                }
                (top, color) = (Some(card), after);
            }
            Event::MustDraw { seat, count } => forced[usize::from(seat)] += count,
            Event::Drew { seat, .. } => {
                let f = &mut forced[usize::from(seat)];
                let chose = *f == 0;
                *f = f.saturating_sub(1);
                if !before_draws {
                    steps[usize::from(seat)].clear();
                } else if let Some(t) = top {
                    steps[usize::from(seat)].push((
                        i,
                        Step::Drew {
                            top: t,
                            color,
                            chose,
                            kept: None,
                        },
                    ));
                }
                just_drew = Some(seat);
            }
            Event::Passed { seat } => {
                if let Some((_, Step::Drew { kept, .. })) = steps[usize::from(seat)].last_mut() {
                    *kept = Some(Kept {
                        sizes: [0; MAX_PLAYERS],
                        direction,
                    });
                }
            }
            Event::Reversed { direction: d } => direction = d,
            // Hands that change owners or shrink by a rule: read nothing from before.
            Event::HandsSwapped { .. }
            | Event::HandsRotated { .. }
            | Event::DiscardedColor { .. } => steps.iter_mut().for_each(Vec::clear),
            _ => {}
        }
    }
    // Hand sizes before each kept play, walking back from today's.
    let mut sizes = [0u8; MAX_PLAYERS];
    for (s, &size) in view.hand_sizes.iter().enumerate() {
        sizes[s] = size as u8;
    }
    let mut wanted: Vec<(usize, usize, usize)> = steps
        .iter()
        .enumerate()
        .flat_map(|(s, p)| p.iter().enumerate().map(move |(k, &(i, _))| (i, s, k)))
        .collect();
    wanted.sort_unstable();
    for (i, event) in view.history.iter().enumerate().rev() {
        match *event {
            Event::Played { seat, .. } => sizes[usize::from(seat)] += 1,
            Event::Drew { seat, .. } => {
                sizes[usize::from(seat)] = sizes[usize::from(seat)].saturating_sub(1);
            }
            _ => {}
        }
        while let Some(&(at, s, k)) = wanted.last() {
            if at != i {
                break;
            }
            match &mut steps[s][k].1 {
                Step::Play(play) => play.sizes = sizes,
                Step::Drew {
                    kept: Some(kept), ..
                } => kept.sizes = sizes,
                Step::Drew { .. } => {}
            }
            wanted.pop();
        }
    }
    let mut out: Vec<Vec<Step>> = steps
        .into_iter()
        .map(|p| p.into_iter().map(|(_, step)| step).collect())
        .collect();
    out[usize::from(view.seat)].clear();
    out
}

/// The table as it stood at a past play, with the hand a guess says the seat held.
struct Then<'a> {
    hand: &'a [Card],
    seat: Seat,
    seats: usize,
    play: &'a PastPlay,
    colors: [Color; 4],
}

impl Table for Then<'_> {
    fn color_count(&self, _seat: Seat, color: Color) -> usize {
        self.hand
            .iter()
            .filter(|c| c.color() == Some(color))
            .count()
    }
    fn color_counts(&self, _seat: Seat) -> [i32; 5] {
        // The edition's colors only, as `color_count` of each would give.
        let mut held = [0; 5];
        for c in self.hand.iter().filter_map(|c| c.color()) {
            held[c as usize] += 1;
        }
        let mut out = [0; 5];
        for c in self.colors {
            out[c as usize] = held[c as usize];
        }
        out
    }
    fn hand_size(&self, seat: Seat) -> usize {
        if seat == self.seat {
            self.hand.len()
        } else {
            usize::from(self.play.sizes[usize::from(seat)])
        }
    }
    fn seat_count(&self) -> usize {
        self.seats
    }
    fn top(&self) -> Card {
        self.play.top
    }
    fn current_color(&self) -> Option<Color> {
        self.play.color
    }
    fn play_direction(&self) -> i8 {
        self.play.direction.step()
    }
    fn edition_colors(&self) -> [Color; 4] {
        self.colors
    }
}

/// Reusable buffers for `log_likelihood`.
#[derive(Default)]
pub struct Scratch {
    hand: Vec<Card>,
    options: Vec<(Card, Option<Color>)>,
    scores: Vec<i32>,
}

/// The log of the chance that a medium player (`w`, its scores softened by `TEMPERATURE`)
/// holding `hand` now as `seat` made the plays in `steps`, and drew where it drew instead
/// of playing. Which cards it took between plays is drawn with `rng`.
pub fn log_likelihood(
    view: &PlayerView,
    seat: Seat,
    hand: &[Card],
    steps: &[Step],
    w: &MediumWeights,
    rng: &mut Rng,
    scratch: &mut Scratch,
) -> f64 {
    let colors = view.rules.edition.rules().colors;
    let mut total = 0.0;
    scratch.hand.clear();
    scratch.hand.extend_from_slice(hand);
    for step in steps.iter().rev() {
        let play = match step {
            Step::Play(play) => play,
            Step::Drew {
                top,
                color,
                chose,
                kept,
            } => {
                // Which card it took is not known: one that fits, if it drew instead of
                // playing (it held none before), else any.
                let hand = &mut scratch.hand;
                let fitting = if *chose {
                    hand.iter().filter(|c| c.fits(*top, *color)).count()
                } else {
                    0
                };
                if fitting > 0 {
                    total -= DREW_HOLDING_A_MATCH * (fitting - 1) as f64;
                    let k = rng.below(fitting);
                    let (at, _) = hand
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| c.fits(*top, *color))
                        .nth(k)
                        .expect("counted");
                    if let Some(kept) = kept {
                        // It kept the card rather than play it: as likely as passing was
                        // against playing it.
                        let card = hand[at];
                        let then = PastPlay {
                            card,
                            named: None,
                            top: *top,
                            color: *color,
                            sizes: kept.sizes,
                            direction: kept.direction,
                        };
                        total += kept_chance(view, seat, card, &then, w, scratch);
                    }
                    let hand = &mut scratch.hand;
                    hand.swap_remove(at);
                } else if !hand.is_empty() {
                    let at = rng.below(hand.len());
                    hand.swap_remove(at);
                }
                continue;
            }
        };
        scratch.hand.push(play.card);
        scratch.options.clear();
        for (i, &card) in scratch.hand.iter().enumerate() {
            if scratch.hand[..i].contains(&card) || !card.fits(play.top, play.color) {
                continue;
            }
            push_plays(&mut scratch.options, card, colors);
        }
        let Some(chosen) = scratch
            .options
            .iter()
            .position(|&o| o == (play.card, play.named))
        else {
            continue;
        };
        let then = Then {
            hand: &scratch.hand,
            seat,
            seats: view.hand_sizes.len(),
            play,
            colors,
        };
        play_scores(w, &then, seat, &scratch.options, &mut scratch.scores);
        total += log_chance(&scratch.scores, chosen);
    }
    total
}

/// The log of the chance of the option `chosen` among options scored `scores`, by a softmax
/// at `TEMPERATURE`.
fn log_chance(scores: &[i32], chosen: usize) -> f64 {
    let top = f64::from(*scores.iter().max().expect("the chosen option"));
    let sum: f64 = scores
        .iter()
        .map(|&s| ((f64::from(s) - top) / TEMPERATURE).exp())
        .sum();
    (f64::from(scores[chosen]) - top) / TEMPERATURE - sum.ln()
}

/// The plays `card` offers: one for a colored card, one per color named for a Wild-type card.
fn push_plays(options: &mut Vec<(Card, Option<Color>)>, card: Card, colors: [Color; 4]) {
    if card.is_wild() {
        options.extend(colors.map(|c| (card, Some(c))));
    } else {
        options.push((card, None));
    }
}

/// The log of the chance that a medium player (`w`) holding `scratch.hand` as `seat` kept
/// `card`, which it just drew and which fit the table `then`, rather than play it.
fn kept_chance(
    view: &PlayerView,
    seat: Seat,
    card: Card,
    then: &PastPlay,
    w: &MediumWeights,
    scratch: &mut Scratch,
) -> f64 {
    let colors = view.rules.edition.rules().colors;
    scratch.options.clear();
    push_plays(&mut scratch.options, card, colors);
    let table = Then {
        hand: &scratch.hand,
        seat,
        seats: view.hand_sizes.len(),
        play: then,
        colors,
    };
    play_scores(w, &table, seat, &scratch.options, &mut scratch.scores);
    scratch.scores.push(w.pass);
    log_chance(&scratch.scores, scratch.scores.len() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::{Action, Edition, Game, Rules, Setup};

    fn cards(codes: &[&str]) -> Vec<Card> {
        codes.iter().map(|c| c.parse().unwrap()).collect()
    }

    /// Per seat, the plays it chose since it last took a card, oldest first (none for
    /// `view.seat`).
    fn since_last_draw(view: &PlayerView) -> Vec<Vec<PastPlay>> {
        steps(view, false)
            .into_iter()
            .map(|s| {
                s.into_iter()
                    .filter_map(|step| match step {
                        Step::Play(p) => Some(p),
                        Step::Drew { .. } => None,
                    })
                    .collect()
            })
            .collect()
    }

    /// Seat 1 of three plays the red 5 on a red 3, holding a red 7, a green 5 and a blue 1.
    fn seat_1_plays_the_red_five() -> Game {
        let setup: Setup = serde_json::from_str(
            r#"{"hands": [["B2","G7","Y9"],["R5","R7","G5","B1"],["Y5","YS","G1","G2"]],
                "draw_pile": ["Y1","Y2","Y3"], "discard_pile": ["R3"],
                "color": "red", "turn": 1, "dealer": 0}"#,
        )
        .unwrap();
        let mut game = Game::from_setup(Rules::new(Edition::Classic), setup, 1).unwrap();
        game.apply(Action::Play {
            seat: 1,
            card: "R5".parse().unwrap(),
            color: None,
        })
        .unwrap();
        game
    }

    /// The log-likelihood of seat 1's plays, as seat 0 reads them, for a guess of its hand.
    fn seat_1_likelihood(game: &Game) -> impl FnMut(&[&str]) -> f64 {
        let view = game.view(0);
        let past = steps(&view, true);
        let mut scratch = Scratch::default();
        let mut rng = Rng::new(1);
        move |hand| {
            let w = MediumWeights::SEARCH;
            log_likelihood(&view, 1, &cards(hand), &past[1], &w, &mut rng, &mut scratch)
        }
    }

    #[test]
    fn a_past_table_counts_its_colors_in_one_pass_as_one_by_one() {
        let play = PastPlay {
            card: "R5".parse().unwrap(),
            named: None,
            top: "R3".parse().unwrap(),
            color: Some(Color::Red),
            sizes: [4; MAX_PLAYERS],
            direction: Direction::Left,
        };
        // Four colors of Classic; a purple card (ColorADD's) is not one of them.
        let hand = cards(&["R5", "R7", "G5", "B1", "W", "W4", "R7", "Y0", "P3"]);
        let colors = Edition::Classic.rules().colors;
        let then = Then {
            hand: &hand,
            seat: 1,
            seats: 4,
            play: &play,
            colors,
        };
        let mut one_by_one = [0; 5];
        for c in colors {
            one_by_one[c as usize] = then.color_count(1, c) as i32;
        }
        assert_eq!(then.color_counts(1), one_by_one);
        assert_eq!(then.color_counts(1), [3, 1, 1, 1, 0]);
    }

    #[test]
    fn a_play_is_read_with_the_table_it_was_made_on() {
        let game = seat_1_plays_the_red_five();
        let past = since_last_draw(&game.view(0));
        assert!(past[0].is_empty() && past[2].is_empty());
        let mut sizes = [0; MAX_PLAYERS];
        sizes[..3].copy_from_slice(&[3, 4, 4]);
        assert_eq!(
            past[1],
            vec![PastPlay {
                card: "R5".parse().unwrap(),
                named: None,
                top: "R3".parse().unwrap(),
                color: Some(Color::Red),
                sizes,
                direction: game.direction(),
            }]
        );
    }

    #[test]
    fn a_hand_that_had_other_choices_made_the_play_less_likely() {
        let game = seat_1_plays_the_red_five();
        let mut ll = seat_1_likelihood(&game);
        // With only greens left the red 5 was its one play: certain.
        assert!(ll(&["G1", "G2", "G4"]).abs() < 1e-12);
        // The true hand also held the red 7, an equal choice: one chance in two.
        assert!((ll(&["R7", "G5", "B1"]) - 0.5f64.ln()).abs() < 1e-9);
        // Holding a Wild changes little: the heuristic keeps Wilds for later.
        assert!(ll(&["W", "B1", "G2"]) > 0.5f64.ln());
    }

    #[test]
    fn a_draw_forgets_the_plays_before_it_and_the_drawn_card_says_nothing() {
        let mut game = seat_1_plays_the_red_five();
        // Seat 2 turns the table yellow; seat 0 draws the yellow 1 and plays it at once.
        game.apply(Action::Play {
            seat: 2,
            card: "Y5".parse().unwrap(),
            color: None,
        })
        .unwrap();
        game.apply(Action::Draw { seat: 0 }).unwrap();
        // A drawn card played at once was no free choice among the hand.
        game.apply(Action::Play {
            seat: 0,
            card: "Y1".parse().unwrap(),
            color: None,
        })
        .unwrap();
        let past = since_last_draw(&game.view(1));
        assert!(past[1].is_empty(), "its own plays are not guessed");
        assert!(past[0].is_empty(), "{:?}", past[0]);
        // Nor is the draw itself: the hand is as it was before it.
        assert!(steps(&game.view(1), true)[0].is_empty());
        assert_eq!(past[2].len(), 1);
        assert_eq!(past[2][0].card, "Y5".parse().unwrap());
        // Seat 2 played when seat 0, next, held three cards.
        assert_eq!(past[2][0].sizes[..3], [3, 3, 4]);
    }

    /// After its red 5, seat 1 draws on a yellow 9 (it holds no yellow and no 9) and keeps
    /// the yellow 1 it drew.
    fn seat_1_draws_and_keeps() -> Game {
        let mut game = seat_1_plays_the_red_five();
        for (seat, card) in [(2, "Y5"), (0, "Y9")] {
            game.apply(Action::Play {
                seat,
                card: card.parse().unwrap(),
                color: None,
            })
            .unwrap();
        }
        game.apply(Action::Draw { seat: 1 }).unwrap();
        game.apply(Action::Pass { seat: 1 }).unwrap();
        game
    }

    #[test]
    fn plays_before_a_draw_are_read_with_the_draw_between() {
        let game = seat_1_draws_and_keeps();
        let view = game.view(0);
        assert!(steps(&view, false)[1].is_empty());
        let past = steps(&view, true);
        assert_eq!(past[1].len(), 2);
        assert!(matches!(past[1][0], Step::Play(p) if p.card == "R5".parse().unwrap()));
        assert_eq!(
            past[1][1],
            Step::Drew {
                top: "Y9".parse().unwrap(),
                color: Some(Color::Yellow),
                chose: true,
                kept: Some(Kept {
                    sizes: [2, 3, 3, 0, 0, 0, 0, 0, 0, 0],
                    direction: Direction::Left,
                }),
            }
        );
        // Seat 2's yellow 5 and seat 0's yellow 9 (not guessed: its own) are read too.
        assert_eq!(past[2].len(), 1);
        assert!(past[0].is_empty());
    }

    #[test]
    fn a_guess_that_held_a_match_where_it_drew_is_less_likely() {
        let game = seat_1_draws_and_keeps();
        let mut ll = seat_1_likelihood(&game);
        // It kept a yellow number it could play: `SEARCH` scores playing it 43, and 10 more
        // for a second yellow in hand, against -5 for keeping it.
        let kept =
            |play: f64| (-5.0 - play) / TEMPERATURE - (1.0 + ((-5.0 - play) / 10.0).exp()).ln();
        // The true hand: the yellow 1 is the card it drew; before, the red 5 or the red 7.
        let truth = ll(&["R7", "G5", "B1", "Y1"]);
        assert!((truth - 0.5f64.ln() - kept(43.0)).abs() < 1e-9, "{truth}");
        // Two yellows: one was drawn, the other it held when it drew instead of playing.
        let two = ll(&["Y1", "Y2", "G5", "B1"]);
        assert!(
            (two + DREW_HOLDING_A_MATCH - kept(53.0)).abs() < 1e-9,
            "{two}"
        );
        // Nothing that fits: any of them was the drawn card, and the red 5 its one play.
        assert!(ll(&["G1", "G2", "G4", "B1"]).abs() < 1e-12);
    }

    #[test]
    fn keeping_a_drawn_wild_is_likelier_than_keeping_a_number() {
        let game = seat_1_draws_and_keeps();
        let mut ll = seat_1_likelihood(&game);
        // Kept, a Wild scores -33 plus 7 for each card of the color it would name (one red,
        // green or blue): keeping it, at -5, is the likelier choice.
        let wild = ll(&["R7", "G5", "B1", "W"]);
        let options = [-5.0, -26.0, -26.0, -26.0, -33.0];
        let sum: f64 = options
            .iter()
            .map(|s| ((s + 5.0) / TEMPERATURE).exp())
            .sum();
        assert!((wild - 0.5f64.ln() + sum.ln()).abs() < 1e-9, "{wild}");
        assert!(wild > ll(&["R7", "G5", "B1", "Y1"]) + 4.0);
        // Read without the choice to keep, the two are as likely.
        let view = game.view(0);
        let mut past = steps(&view, true);
        if let Some(Step::Drew { kept, .. }) = past[1].last_mut() {
            *kept = None;
        }
        let mut scratch = Scratch::default();
        let mut rng = Rng::new(1);
        let w = MediumWeights::SEARCH;
        let mut plain = |hand: &[&str]| {
            log_likelihood(&view, 1, &cards(hand), &past[1], &w, &mut rng, &mut scratch)
        };
        let (a, b) = (
            plain(&["R7", "G5", "B1", "W"]),
            plain(&["R7", "G5", "B1", "Y1"]),
        );
        assert!(
            (a - b).abs() < 1e-9 && (a - 0.5f64.ln()).abs() < 1e-9,
            "{a} {b}"
        );
    }

    #[test]
    fn guesses_are_kept_as_often_as_their_hands_made_the_plays() {
        let game = seat_1_plays_the_red_five();
        let view = game.view(0);
        let guess = |hand: &[&str]| Guess {
            hands: vec![Vec::new(), cards(hand), cards(&["Y5", "YS", "G1", "G2"])],
            draw_pile: Vec::new(),
            draw_four_by: 0,
            draw_four_guilty: false,
            drawn: None,
        };
        // Dealt in turn: a hand for which the red 5 was the only play, and the true hand,
        // which could as well have played the red 7 (half as likely to have made the play).
        let (only, either) = (guess(&["G1", "G2", "G4"]), guess(&["R7", "G5", "B1"]));
        let weights = MediumWeights::SEARCH;
        let mut rng = Rng::new(4);
        let mut kept_only = |reading: Reading| {
            let mut reader = Reader::new(&view, &weights, reading);
            let mut dealt = 0;
            let mut kept = 0;
            for _ in 0..3000 {
                let picked = reader.pick(&view, &mut rng, |_| {
                    dealt += 1;
                    if dealt % 2 == 0 {
                        only.clone()
                    } else {
                        either.clone()
                    }
                });
                kept += usize::from(picked == only);
            }
            kept
        };
        // Read at full sharpness, two in three: weights 1 and 1/2 for three guesses each.
        let sharp = kept_only(Reading {
            halved_from: u8::MAX,
            ..Reading::CURRENT
        });
        assert!((1900..2100).contains(&sharp), "{sharp}");
        // At this table of three the plays count half: weights 1 and 1/√2, 59 in 100.
        let halved = kept_only(Reading::CURRENT);
        assert!((1660..1860).contains(&halved), "{halved}");
        // Without plays to read, or with one guess a time, every guess dealt is kept.
        let mut reader = Reader::new(&view, &weights, Reading::V1);
        let mut dealt = 0;
        let picked = reader.pick(&view, &mut rng, |_| {
            dealt += 1;
            either.clone()
        });
        assert_eq!((picked, dealt), (either.clone(), 1));
    }

    /// Every seat's hand sizes, as `PastPlay::sizes` holds them.
    fn sizes(of: &[u8]) -> [u8; MAX_PLAYERS] {
        let mut sizes = [0; MAX_PLAYERS];
        sizes[..of.len()].copy_from_slice(of);
        sizes
    }

    fn past_play(card: &str, top: &str, of: &[u8], direction: Direction) -> PastPlay {
        PastPlay {
            card: card.parse().unwrap(),
            named: None,
            top: top.parse().unwrap(),
            color: Some(Color::Red),
            sizes: sizes(of),
            direction,
        }
    }

    #[test]
    fn each_step_is_read_with_the_direction_and_the_penalties_of_its_moment() {
        // Four seats on a red 3. Seat 0 plays a red 5, seat 1 reverses, seat 0 plays a red
        // Draw Two: seat 3 draws two as a penalty. Seat 2 draws a red 9 that fits, calls
        // UNO, and plays it.
        let setup: Setup = serde_json::from_str(
            r#"{"hands": [["R5","RD2","G5","B1"],["RR","G7","Y1"],["G2"],["Y9","Y8","B9"]],
                "draw_pile": ["B4","Y2","R9","Y3"], "discard_pile": ["R3"],
                "color": "red", "turn": 0, "dealer": 3}"#,
        )
        .unwrap();
        let mut game = Game::from_setup(Rules::new(Edition::Classic), setup, 1).unwrap();
        let play = |seat, card: &str| Action::Play {
            seat,
            card: card.parse().unwrap(),
            color: None,
        };
        game.apply(play(0, "R5")).unwrap();
        game.apply(play(1, "RR")).unwrap();
        game.apply(play(0, "RD2")).unwrap();
        assert_eq!(game.turn(), 2);
        game.apply(Action::Draw { seat: 2 }).unwrap();
        game.apply(Action::CallUno { seat: 2 }).unwrap();
        game.apply(play(2, "R9")).unwrap();
        let (left, right) = (Direction::Left, Direction::Right);
        let past = steps(&game.view(1), true);
        assert_eq!(
            past[0],
            [
                Step::Play(past_play("R5", "R3", &[4, 3, 1, 3], left)),
                Step::Play(past_play("RD2", "RR", &[3, 2, 1, 3], right)),
            ]
        );
        // The card seat 2 drew went out at once: nothing to read of its hand.
        assert_eq!(past[2], []);
        let penalty = |top: &str| Step::Drew {
            top: top.parse().unwrap(),
            color: Some(Color::Red),
            chose: false,
            kept: None,
        };
        assert_eq!(past[3], [penalty("RD2"), penalty("RD2")]);
        assert_eq!(past[1], [], "the viewer's own");
        // Seat 1's plays, read by seat 0: the reversal, with the direction before it.
        let past = steps(&game.view(0), true);
        assert_eq!(
            past[1],
            [Step::Play(past_play("RR", "R5", &[3, 3, 1, 3], left))]
        );
    }

    #[test]
    fn hands_that_change_owners_cut_the_reading() {
        let mut rules = Rules::new(Edition::Classic);
        rules.house_rules.seven_o = true;
        let setup: Setup = serde_json::from_str(
            r#"{"hands": [["R5","G5","B1"],["R7","G7","Y1"],["G2","G3"]],
                "draw_pile": ["B4","Y2","R9","Y3"], "discard_pile": ["R3"],
                "color": "red", "turn": 0, "dealer": 2}"#,
        )
        .unwrap();
        let mut game = Game::from_setup(rules, setup, 1).unwrap();
        game.apply(Action::Play {
            seat: 0,
            card: "R5".parse().unwrap(),
            color: None,
        })
        .unwrap();
        assert_eq!(steps(&game.view(2), true)[0].len(), 1);
        // Seat 1's 7 swaps its hand with seat 0's: no seat's earlier steps are its own now.
        game.apply(Action::Play {
            seat: 1,
            card: "R7".parse().unwrap(),
            color: None,
        })
        .unwrap();
        game.apply(Action::Choose {
            seat: 1,
            target: Some(0),
        })
        .unwrap();
        assert!(steps(&game.view(2), true).iter().all(Vec::is_empty));
    }

    #[test]
    fn a_past_table_is_the_one_the_play_was_made_at() {
        let played = past_play("RD2", "RR", &[3, 2, 1, 3], Direction::Right);
        let hand = cards(&["RD2", "G5", "B1"]);
        let then = Then {
            hand: &hand,
            seat: 0,
            seats: 4,
            play: &played,
            colors: Rules::new(Edition::Classic).edition.rules().colors,
        };
        assert_eq!(then.hand_size(0), 3);
        assert_eq!((then.hand_size(1), then.hand_size(2)), (2, 1));
        assert_eq!(then.seat_count(), 4);
        assert_eq!(then.top(), "RR".parse().unwrap());
        assert_eq!(then.current_color(), Some(Color::Red));
        assert_eq!(then.play_direction(), -1);
        // The next seat at that moment, play going right.
        assert_eq!(then.seat_from(0, 1), 3);
    }
}
