//! The decisions of the heuristic levels, as plain functions of a `Table`, so that the hard
//! bot's rollouts play by the same heuristic it expects of its opponents.

use crate::table::Table;
use uno_engine::{Action, Card, Color, Face, Rng, Seat};

/// Whether an action is a chance anyone may take out of turn (or at any moment).
#[must_use]
pub fn is_out_of_turn(action: &Action) -> bool {
    matches!(action, Action::CallUno { .. } | Action::Catch { .. })
}

/// The numbers of the medium heuristic, named: the worth of each kind of move, and the hand
/// sizes at which it changes its mind. `MediumWeights::DEFAULT` is the medium level as it has
/// always played; a tuning run can try others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MediumWeights {
    /// Someone else is "about to go out" at this many cards or fewer.
    pub danger_hand: usize,
    /// The next seat is worth attacking at this many cards or fewer.
    pub attack_hand: usize,
    /// A Wild is worth playing once one's own hand is this small.
    pub near_out_hand: usize,
    /// A number card; plus its face value when someone is about to go out (dump points).
    pub number: i32,
    /// A Skip, Reverse or Draw Two; plus `action_attack` when it hits a next seat worth
    /// attacking, plus `action_danger` when someone is about to go out.
    pub action: i32,
    pub action_attack: i32,
    pub action_danger: i32,
    /// A Wild Draw Four, kept for later unless the next seat is worth attacking.
    pub wild_draw_four: i32,
    pub wild_draw_four_attack: i32,
    /// A Power of Grayskull, better when someone is about to go out.
    pub grayskull: i32,
    pub grayskull_danger: i32,
    /// Any other Wild-type card: kept for later.
    pub other_wild: i32,
    /// Any Wild when one's own hand is nearly out.
    pub wild_near_out: i32,
    /// For each other card held in the played card's color (keep to the color held most).
    pub same_color: i32,
    /// For each card held in the color a Wild names.
    pub named_color: i32,
    /// For a card that leaves a color on top that the next seat showed it lacks (it drew on
    /// it and has taken no other card since).
    pub next_lacks: i32,
    /// For leaving a color on top, this times the chance that the next seat holds none of it,
    /// were its hand dealt from the cards this seat has not seen (few left unseen: likely none).
    pub scarce: i32,
    /// Keeping a drawn card (as an average play would score).
    pub pass: i32,
    /// Drawing, or accepting a Wild Draw Four.
    pub draw: i32,
    /// Challenging a Wild Draw Four whose player holds at least `challenge_hand` cards (the
    /// more it holds, the likelier one was of the color), or fewer.
    pub challenge_big_hand: i32,
    pub challenge_small_hand: i32,
    pub challenge_hand: usize,
    /// Choosing no one to skip or swap with.
    pub choose_no_one: i32,
    /// Choosing a seat: this, less its hand size (the seat closest to going out first).
    pub choose_seat: i32,
    /// Scores are multiplied by this and a random number below it is added: ties between
    /// equal moves are broken at random.
    pub noise: i32,
}

impl MediumWeights {
    /// The medium level: `SEARCH`, which also counts the cards it has not seen (`scarce`, set
    /// by a sweep over 400,000 hands against three `V1` players; see the README's "Bot
    /// strength").
    pub const DEFAULT: MediumWeights = MediumWeights {
        scarce: 20,
        ..MediumWeights::SEARCH
    };

    /// `DEFAULT` tuned by self-play for two players, against one `V1` player
    /// (`examples/tune_medium.rs` at two players; see the README's "Bot strength", item 19).
    /// Head to head a Skip, a Reverse or a Draw Two is a second turn, so it plays them before
    /// number cards (`action` above `number`).
    pub const HEADS_UP: MediumWeights = MediumWeights {
        attack_hand: 3,
        near_out_hand: 2,
        number: 35,
        action: 44,
        action_attack: 32,
        action_danger: 41,
        wild_draw_four: -63,
        wild_draw_four_attack: 43,
        other_wild: -42,
        wild_near_out: 9,
        named_color: 11,
        next_lacks: 5,
        scarce: 19,
        pass: -11,
        challenge_big_hand: 43,
        challenge_small_hand: -10,
        challenge_hand: 7,
        ..MediumWeights::DEFAULT
    };

    /// `V1` tuned by self-play against three `V1` players over 4-player Classic hands
    /// (`examples/tune_medium.rs`, two SPSA runs; see the README's "Bot strength"). It plays to
    /// win the hand: it no longer dumps points when someone is about to go out
    /// (`danger_hand: 0`), and it challenges every Wild Draw Four (both challenge weights are
    /// above accepting's). The hard level plays and expects these in its search, where the
    /// table is not read for `scarce`.
    pub const SEARCH: MediumWeights = MediumWeights {
        danger_hand: 0,
        attack_hand: 2,
        near_out_hand: 0,
        number: 43,
        action: 32,
        action_attack: 28,
        action_danger: 46,
        wild_draw_four: -53,
        wild_draw_four_attack: 52,
        other_wild: -33,
        wild_near_out: -5,
        same_color: 10,
        named_color: 7,
        next_lacks: 2,
        pass: -5,
        challenge_big_hand: 38,
        challenge_small_hand: -60,
        challenge_hand: 6,
        ..MediumWeights::V1
    };

    /// The medium level as first shipped, frozen: the arena's `medium-v1` baseline.
    pub const V1: MediumWeights = MediumWeights {
        danger_hand: 2,
        attack_hand: 2,
        near_out_hand: 2,
        number: 10,
        action: 8,
        action_attack: 30,
        action_danger: 20,
        wild_draw_four: -25,
        wild_draw_four_attack: 45,
        grayskull: 5,
        grayskull_danger: 25,
        other_wild: -20,
        wild_near_out: 30,
        same_color: 2,
        named_color: 3,
        next_lacks: 0,
        scarce: 0,
        pass: 0,
        draw: -100,
        challenge_big_hand: -50,
        challenge_small_hand: -150,
        challenge_hand: 3,
        choose_no_one: -1000,
        choose_seat: 100,
        noise: 8,
    };
}

impl Default for MediumWeights {
    fn default() -> MediumWeights {
        MediumWeights::DEFAULT
    }
}

/// What a decision reads of the table, once for all its options: a rollout scores every
/// option of every step, so nothing here is read again per option.
struct Reads {
    /// Someone else is about to go out (`danger_hand`).
    danger: bool,
    /// The next seat is worth attacking (`attack_hand`).
    attack: bool,
    /// The deciding seat is nearly out (`near_out_hand`).
    near_out: bool,
    /// The cards of each color (by `Color as usize`) the deciding seat holds.
    held: [i32; 5],
    /// The colors the next seat showed it lacks.
    next_lacked: u8,
    /// Per color (`Color as usize`), the worth of leaving it on top for what is unseen.
    scarce: [i32; 5],
}

impl Reads {
    fn new<T: Table>(t: &T, w: &MediumWeights, seat: Seat) -> Reads {
        let next = t.seat_from(seat, 1);
        let next_size = t.hand_size(next);
        let held = t.color_counts(seat);
        let mut scarce = [0; 5];
        if w.scarce != 0 {
            let (colors, all) = t.unseen(seat);
            if all > 0 {
                for c in t.edition_colors() {
                    let none = (all - colors[c as usize]) as f64 / all as f64;
                    scarce[c as usize] = (f64::from(w.scarce) * none.powi(next_size as i32)) as i32;
                }
            }
        }
        Reads {
            danger: t.fewest_other(seat) <= w.danger_hand,
            attack: next_size <= w.attack_hand,
            near_out: t.hand_size(seat) <= w.near_out_hand,
            held,
            // Read from the history only by the levels that weigh it.
            next_lacked: if w.next_lacks == 0 {
                0
            } else {
                t.colors_lacked(next)
            },
            scarce,
        }
    }
}

/// The medium heuristic's worth of playing `card` (naming `named`), as `reads` found the table.
#[inline(always)]
fn play_score(
    w: &MediumWeights,
    seats: usize,
    card: Card,
    named: Option<Color>,
    reads: &Reads,
) -> i32 {
    let (danger, attack) = (reads.danger, reads.attack);
    let when = |yes: bool, worth: i32| if yes { worth } else { 0 };
    let mut score = match card.face() {
        // Dump high points when someone is about to go out.
        Face::Number(n) => w.number + when(danger, i32::from(n)),
        Face::Skip | Face::Reverse | Face::DrawTwo => {
            let hits_next = card.face() != Face::Reverse || seats == 2;
            w.action + when(attack && hits_next, w.action_attack) + when(danger, w.action_danger)
        }
        // Wilds are kept for later, unless the hand is nearly out or the next seat is close.
        Face::WildDrawFour => w.wild_draw_four + when(attack, w.wild_draw_four_attack),
        Face::WildGrayskull => w.grayskull + when(danger, w.grayskull_danger),
        _ => w.other_wild,
    };
    if card.is_wild() && reads.near_out {
        score += w.wild_near_out;
    }
    // Keep to the color held most: play into it, and name it.
    if let Some(c) = card.color() {
        score += w.same_color * (reads.held[c as usize] - 1);
    }
    if let Some(c) = named {
        score += w.named_color * reads.held[c as usize];
    }
    if let Some(c) = named.or(card.color()) {
        if reads.next_lacked & 1 << c as u8 != 0 {
            score += w.next_lacks;
        }
        score += reads.scarce[c as usize];
    }
    score
}

/// The medium heuristic's score of each of `plays` (a card, and the color it names) for
/// `seat`, without the random tie-break: how the hard bot's guesses judge past plays.
pub(crate) fn play_scores<T: Table>(
    w: &MediumWeights,
    t: &T,
    seat: Seat,
    plays: &[(Card, Option<Color>)],
    out: &mut Vec<i32>,
) {
    let reads = Reads::new(t, w, seat);
    let seats = t.seat_count();
    out.clear();
    out.extend(
        plays
            .iter()
            .map(|&(card, named)| play_score(w, seats, card, named, &reads)),
    );
}

/// The medium heuristic for a decision on `seat`'s turn.
pub fn medium<T: Table>(t: &T, seat: Seat, legal: &[Action], rng: &mut Rng) -> Action {
    medium_with(&MediumWeights::DEFAULT, t, seat, legal, rng)
}

/// The medium heuristic with other weights.
pub fn medium_with<T: Table>(
    w: &MediumWeights,
    t: &T,
    seat: Seat,
    legal: &[Action],
    rng: &mut Rng,
) -> Action {
    // Call UNO before playing the next-to-last card; catch whoever forgot. (One pass over the
    // options, the first of each kind: a rollout decides here at every step.)
    let (mut has_play, mut uno) = (false, None);
    for &a in legal {
        match a {
            Action::Catch { .. } => return a,
            Action::CallUno { .. } if uno.is_none() => uno = Some(a),
            Action::Play { .. } => has_play = true,
            _ => {}
        }
    }
    if let Some(a) = uno {
        if t.hand_size(seat) <= 1 || has_play {
            return a;
        }
    }
    let reads = Reads::new(t, w, seat);
    let seats = t.seat_count();
    let mut best: Option<(i32, Action)> = None;
    for &a in legal {
        let score = match a {
            Action::Play { card, color, .. } => play_score(w, seats, card, color, &reads),
            Action::Pass { .. } => w.pass,
            Action::Draw { .. } | Action::Accept { .. } => w.draw,
            Action::Challenge { .. } => {
                // The Wild Draw Four came from the previous seat.
                let offender = t.seat_from(seat, -1);
                if t.hand_size(offender) >= w.challenge_hand {
                    w.challenge_big_hand
                } else {
                    w.challenge_small_hand
                }
            }
            Action::Choose { target: None, .. } => w.choose_no_one,
            // Hand swaps and skips go to the seat closest to going out.
            Action::Choose {
                target: Some(s), ..
            } => w.choose_seat - t.hand_size(s) as i32,
            // Taken or left before this loop: never the choice here.
            Action::CallUno { .. } | Action::Catch { .. } => i32::MIN / w.noise,
        };
        let score = score * w.noise + rng.below(w.noise as usize) as i32;
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, a));
        }
    }
    best.map_or(legal[0], |(_, a)| a)
}

/// The medium heuristic out of turn: catch, call a forgotten UNO, jump in.
#[must_use]
pub fn medium_out_of_turn(legal: &[Action]) -> Option<Action> {
    let pick = |f: fn(&Action) -> bool| legal.iter().copied().find(f);
    pick(|a| matches!(a, Action::Catch { .. }))
        .or_else(|| pick(|a| matches!(a, Action::CallUno { .. })))
        .or_else(|| pick(|a| matches!(a, Action::Play { .. })))
}

/// Random: uniformly any legal action, except that it draws only when it has no card to play
/// (the random agent of RLCard, whose figures the README compares with).
pub fn random(legal: &[Action], rng: &mut Rng) -> Action {
    let can_play = legal.iter().any(|a| matches!(a, Action::Play { .. }));
    let allowed = |a: &&Action| !(can_play && matches!(a, Action::Draw { .. }));
    let count = legal.iter().filter(allowed).count();
    *legal
        .iter()
        .filter(allowed)
        .nth(rng.below(count))
        .expect("a decision has a legal action")
}

/// Easy: a random card, and now and then it forgets to call UNO or misses a catch.
pub fn easy(seat_hand: usize, legal: &[Action], rng: &mut Rng) -> Action {
    let plays: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Play { .. }))
        .collect();
    let find = |f: fn(&Action) -> bool| legal.iter().copied().find(f);
    if let Some(uno) = find(|a| matches!(a, Action::CallUno { .. })) {
        // Forgets two times in ten.
        if (seat_hand <= 1 || !plays.is_empty()) && rng.below(10) >= 2 {
            return uno;
        }
    }
    if let Some(c) = find(|a| matches!(a, Action::Challenge { .. })) {
        // Three times in ten (a random player challenges half the time).
        if rng.below(10) < 3 {
            return c;
        }
    }
    if !plays.is_empty() {
        return plays[rng.below(plays.len())];
    }
    let rest: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| !is_out_of_turn(a) && !matches!(a, Action::Challenge { .. }))
        .collect();
    if rest.is_empty() {
        legal[rng.below(legal.len())]
    } else {
        rest[rng.below(rest.len())]
    }
}

/// Easy out of turn: rarely catches, sometimes remembers a forgotten UNO, jumps in half the time.
pub fn easy_out_of_turn(legal: &[Action], rng: &mut Rng) -> Option<Action> {
    for &a in legal {
        let chance = match a {
            Action::Catch { .. } => 3,
            Action::CallUno { .. } => 3,
            Action::Play { .. } => 5,
            _ => 0,
        };
        if rng.below(10) < chance {
            return Some(a);
        }
    }
    None
}
