//! Guessing the hidden cards from one seat's view: every card the seat has not seen is dealt
//! at random to the other hands (their sizes are public) and the draw pile, leaning on what
//! the history says: a seat that drew instead of playing probably had nothing that matched
//! (not the color, not the number or symbol, no Wild), a seat that named a color with a Wild
//! probably holds more of it than of any other, and a hand shown to this seat (a Web Swing, a
//! challenge) is known, less what it played since. What a draw shows binds the cards held
//! then, not those taken after (`Groups`). Beliefs follow hands that change owners.

use uno_engine::{
    Card, Color, Direction, Event, Face, Guess, Hand, Pending, PlayerView, Rng, Seat,
};

/// The bit in `Beliefs::lacks` for Wild-type cards (the colors take bits 0 to 4).
const WILD_BIT: u8 = 1 << 5;

/// What the history says of the other hands.
#[derive(Clone, Debug, Default)]
pub struct Beliefs {
    /// One record per seat (the viewer's own stays empty).
    pub seats: Vec<SeatBeliefs>,
    /// The seat that played the Wild Draw Four on top, and the color it was played on.
    pub draw_four: Option<(Seat, Option<Color>)>,
    /// The guesses mix the cards a hand passed over back into the rest (`Reading::mixed`).
    pub mixed: bool,
}

/// What the history says of one hand. It moves with the hand when hands change owners.
#[derive(Clone, Debug, Default)]
pub struct SeatBeliefs {
    /// What it showed it lacked by drawing instead of playing: colors (one bit per
    /// `Color as u8`) and Wild-type cards (`WILD_BIT`).
    pub lacks: u8,
    /// The faces it showed it lacked (one bit per number 0–9, then Skip, Reverse, Draw Two).
    pub lacks_face: u16,
    /// Cards it took since that need not fit what it lacked: penalty cards and a drawn card it
    /// kept.
    pub free: usize,
    /// The same reading group by group, which the guesses deal from (`Reading::groups`).
    /// `lacks` and `free` stay as first read: medium's tie-breaker `colors_lacked` reads them,
    /// and reading it group by group played worse (README "Bot strength", item 30).
    pub groups: Option<Groups>,
    /// The color it last named with a Wild: a player names the color it holds most.
    pub likes: Option<Color>,
    /// Cards it is known to hold: shown to this seat (a Web Swing, a challenge) and not played
    /// since.
    pub known: Vec<Card>,
}

impl SeatBeliefs {
    /// The colors (one bit per `Color as u8`) it showed it lacked and has surely not taken
    /// since (no penalty or kept card came in).
    #[must_use]
    pub fn colors_lacked(&self) -> u8 {
        if self.free == 0 {
            self.lacks & !WILD_BIT
        } else {
            0
        }
    }

    /// Whether `card` agrees with what the seat showed it lacked.
    #[must_use]
    pub fn fits(&self, card: Card) -> bool {
        self.lack().fits(card)
    }

    /// What the whole hand showed it lacked, as first read.
    fn lack(&self) -> Lack {
        Lack {
            colors: self.lacks,
            faces: self.lacks_face,
        }
    }
}

/// A hand read group by group: the cards it held when it first showed a lack, and those it
/// took later, each group lacking only what the seat showed it lacked since the group came
/// in. A card drawn on green after a draw on red may be red; a whole-hand reading would deal
/// it none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Groups {
    /// What the rest of the hand lacks: the cards not in `later` and not known.
    pub rest: Lack,
    /// The cards taken later (penalties, draws), oldest first.
    pub later: Vec<Group>,
    /// The hand's size at the point the history has been read to.
    pub size: usize,
}

/// Colors (one bit per `Color as u8`, and `WILD_BIT`) and faces (`face_bit`) a seat showed it
/// lacked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lack {
    pub colors: u8,
    pub faces: u16,
}

impl Lack {
    #[must_use]
    pub fn fits(self, card: Card) -> bool {
        self.colors & lack_bit(card) == 0 && self.faces & face_bit(card) == 0
    }

    fn add(&mut self, other: Lack) {
        self.colors |= other.colors;
        self.faces |= other.faces;
    }
}

/// Cards a seat took together, and what it showed it lacked since.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Group {
    pub count: usize,
    pub lacks: Lack,
    /// A drawn card it kept (or is deciding on): it fit this card on top with this color in
    /// force, or the engine would have passed the turn (`Reading::kept_fits`).
    pub fit: Option<(Card, Option<Color>)>,
}

impl Group {
    /// Whether `card` agrees with all the history says of this group.
    #[must_use]
    pub fn fits(self, card: Card) -> bool {
        self.lacks.fits(card) && self.fit.is_none_or(|(top, color)| card.fits(top, color))
    }
}

impl Groups {
    fn new(size: usize) -> Groups {
        Groups {
            size,
            ..Groups::default()
        }
    }

    /// How many cards the later groups hold.
    #[must_use]
    pub fn later_count(&self) -> usize {
        self.later.iter().map(|l| l.count).sum()
    }

    /// How many cards of the hand are in none of `later` (`known` are known).
    #[must_use]
    pub fn rest_count(&self, known: usize) -> usize {
        self.size.saturating_sub(known + self.later_count())
    }

    /// The whole hand lacks `lack` (it drew on its turn, or a challenge showed it).
    fn lacks(&mut self, lack: Lack) {
        self.rest.add(lack);
        for group in &mut self.later {
            group.lacks.add(lack);
        }
    }

    /// It took a card that lacks `lack`.
    fn took(&mut self, lack: Lack) {
        self.size += 1;
        match self.later.last_mut() {
            // A kept card's group stays apart: the cards after it need not fit its top.
            Some(last) if last.lacks == lack && last.fit.is_none() => last.count += 1,
            _ => self.later.push(Group {
                count: 1,
                lacks: lack,
                fit: None,
            }),
        }
    }

    /// It kept the card it just drew (or is deciding on it), which fit the card on top: the
    /// last group's, it lacks nothing and fits `fit` (`None`: not read).
    fn kept_drawn(&mut self, fit: Option<(Card, Option<Color>)>) {
        if let Some(last) = self.later.pop() {
            if last.count > 1 {
                self.later.push(Group {
                    count: last.count - 1,
                    ..last
                });
            }
            self.later.push(Group {
                count: 1,
                lacks: Lack::default(),
                fit,
            });
        }
    }

    /// It played `card`, one of the rest or of the later groups (`drawn`: the card it just
    /// drew, the last group's; `known`: how many cards it is known to hold, this one not
    /// among them). The card is taken from the group that could hold it with the most cards,
    /// the rest first among equals.
    fn played(&mut self, card: Card, drawn: bool, known: usize) {
        let rest = if self.rest.fits(card) {
            self.rest_count(known)
        } else {
            0
        };
        let group = if drawn {
            self.later.last_mut()
        } else {
            self.later
                .iter_mut()
                .filter(|l| l.fits(card))
                .max_by_key(|l| l.count)
                .filter(|l| l.count > rest)
        };
        match group {
            Some(group) => group.count -= 1,
            None if rest > 0 => {}
            None => {
                // Held against every reading: the seat draws while holding a match.
                self.rest.colors &= !lack_bit(card);
                self.rest.faces &= !face_bit(card);
                if self.rest_count(known) == 0 {
                    if let Some(group) = self.later.iter_mut().max_by_key(|l| l.count) {
                        group.count -= 1;
                    }
                }
            }
        }
        self.size = self.size.saturating_sub(1);
        self.later.retain(|l| l.count > 0);
    }

    /// It gave up `count` cards at once (a color discarded): the later groups lose what the
    /// rest cannot.
    fn gave_up(&mut self, count: usize, known: usize) {
        self.size = self.size.saturating_sub(count);
        let mut over = (known + self.later_count()).saturating_sub(self.size);
        for group in self.later.iter_mut().rev() {
            let cut = over.min(group.count);
            group.count -= cut;
            over -= cut;
        }
        self.later.retain(|l| l.count > 0);
    }
}

/// Which readings of the history beyond the first shipped ones the beliefs make, so that the
/// frozen `hard-v1` baseline keeps guessing as it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// A card drawn and played at once leaves the rest of the hand lacking what it lacked.
    pub drawn_and_played: bool,
    /// A failed challenge of someone else's Wild Draw Four shows that its player lacked the
    /// color.
    pub failed_challenges: bool,
    /// Guesses dealt at a time, then drawn again from by how likely each made the plays its
    /// seats chose since they last drew, or this round (`whole_round`; `past::Reader`);
    /// 0 or 1 reads no plays.
    pub plays: u8,
    /// The plays read go back past the seats' draws to the start of the round, and a draw
    /// instead of a play counts against a guess that held a match then (README "Bot
    /// strength", items 23 and 24).
    pub whole_round: bool,
    /// At tables of at least this many seats every play and draw read counts half (the
    /// log-likelihood halved): several hands read at full sharpness made the search worse.
    pub halved_from: u8,
    /// Each draw's lack binds only the cards held when it was shown: a card taken later (a
    /// penalty, a card drawn on another color) may be of a color lacked before (`Groups`).
    pub groups: bool,
    /// A drawn card a seat kept, or is deciding on, fit the card on top then: the engine
    /// passes the turn on a drawn card that does not (`Group::fit`; needs `groups`).
    pub kept_fits: bool,
    /// A seat's choice to keep a drawn card that fit rather than play it is read with its
    /// plays (`past::Reader`): a medium player keeps a Wild, seldom a number.
    pub kept_read: bool,
    /// The cards a hand's deal passed over (of what it lacks) are mixed back into the rest,
    /// not left first in line for its later groups and the next hand, which are then dealt
    /// more of them than their share. Truer guesses (`examples/calibration.rs`), but they
    /// played worse at four seats: off (README "Bot strength", item 31).
    pub mixed: bool,
}

impl Reading {
    /// Everything the beliefs know how to read.
    pub const CURRENT: Reading = Reading {
        drawn_and_played: true,
        failed_challenges: true,
        plays: 6,
        whole_round: true,
        halved_from: 3,
        groups: true,
        kept_fits: true,
        kept_read: true,
        mixed: false,
    };
    /// The beliefs as first shipped.
    pub const V1: Reading = Reading {
        drawn_and_played: false,
        failed_challenges: false,
        plays: 0,
        whole_round: false,
        halved_from: u8::MAX,
        groups: false,
        kept_fits: false,
        kept_read: false,
        mixed: false,
    };
}

impl Beliefs {
    #[must_use]
    pub fn from_view(view: &PlayerView) -> Beliefs {
        Beliefs::read(view, Reading::CURRENT)
    }

    /// The beliefs `view`'s history gives with only the readings `reading` names.
    #[must_use]
    pub fn read(view: &PlayerView, reading: Reading) -> Beliefs {
        let n = view.hand_sizes.len();
        let mut b = Beliefs {
            seats: vec![SeatBeliefs::default(); n],
            draw_four: None,
            mixed: reading.mixed,
        };
        if reading.groups {
            for (s, size) in start_sizes(view).into_iter().enumerate() {
                b.seats[s].groups = Some(Groups::new(size));
            }
        }
        let mut forced = vec![0u16; n];
        // The seat whose turn's draw was the last move: a card it plays next is the drawn one.
        let mut just_drew: Option<Seat> = None;
        let mut color: Option<Color> = None;
        let mut top: Option<Card> = None;
        let mut reveals = view.revealed.iter();
        for event in &view.history {
            let drew_last = just_drew;
            if !matches!(event, Event::CalledUno { .. }) {
                just_drew = None;
            }
            match *event {
                Event::Played {
                    seat,
                    card,
                    color: after,
                } => {
                    let s = &mut b.seats[usize::from(seat)];
                    let known = s.known.iter().position(|&k| k == card);
                    if let Some(at) = known {
                        s.known.swap_remove(at);
                    }
                    // The card it drew and played at once fits nothing it lacked; the rest
                    // of its hand still lacks it.
                    let drawn = reading.drawn_and_played && drew_last == Some(seat);
                    if let Some(groups) = &mut s.groups {
                        match known {
                            Some(_) => groups.size = groups.size.saturating_sub(1),
                            None => groups.played(card, drawn, s.known.len()),
                        }
                    }
                    if !drawn && !s.fits(card) {
                        // It held a card it seemed to lack: one of its free cards, or the
                        // guess was wrong (a player may draw while holding a match).
                        if s.free > 0 {
                            s.free -= 1;
                        } else {
                            s.lacks &= !lack_bit(card);
                            s.lacks_face &= !face_bit(card);
                        }
                    }
                    if card.is_wild() {
                        s.likes = after;
                    }
                    if card.face() == Face::WildDrawFour {
                        b.draw_four = Some((seat, color));
                    }
                    color = after;
                    top = Some(card);
                }
                Event::MustDraw { seat, count } => forced[usize::from(seat)] += count,
                Event::Drew { seat, .. } => {
                    let s = &mut b.seats[usize::from(seat)];
                    let forced = &mut forced[usize::from(seat)];
                    if *forced > 0 {
                        // Penalty cards can be anything.
                        *forced -= 1;
                        s.free += 1;
                        if let Some(groups) = &mut s.groups {
                            groups.took(Lack::default());
                        }
                    } else if let Some(c) = color {
                        // Drew on its turn instead of playing: it probably had nothing that
                        // matched, and neither does the drawn card unless it is played next.
                        let lack = Lack {
                            colors: 1 << c as u8 | WILD_BIT,
                            faces: top.map_or(0, face_bit),
                        };
                        s.lacks |= lack.colors;
                        s.lacks_face |= lack.faces;
                        if let Some(groups) = &mut s.groups {
                            groups.lacks(lack);
                            groups.took(lack);
                        }
                        just_drew = Some(seat);
                    } else if let Some(groups) = &mut s.groups {
                        groups.took(Lack::default());
                    }
                }
                Event::Passed { seat } => {
                    let s = &mut b.seats[usize::from(seat)];
                    s.free += 1;
                    if let Some(groups) = &mut s.groups {
                        groups.kept_drawn(top.filter(|_| reading.kept_fits).map(|t| (t, color)));
                    }
                }
                Event::RoundStarted {
                    color: c, top: t, ..
                } => {
                    color = c;
                    top = Some(t);
                }
                // Web Swing shows every other hand to everyone; a challenge shows the
                // offender's hand to the challenger. The view lists those it saw, in order.
                Event::HandsRevealed { .. } => {
                    for r in reveals.by_ref().take(n - 1) {
                        b.learn(r.seat, &r.cards);
                    }
                }
                Event::Challenged { seat, .. } if seat == view.seat => {
                    if let Some(r) = reveals.next() {
                        b.learn(r.seat, &r.cards);
                    }
                }
                // Someone else's challenge failed: the whole table learns that the Wild Draw
                // Four's player held nothing of the color it was played on.
                Event::Challenged {
                    target,
                    guilty: false,
                    ..
                } if reading.failed_challenges => {
                    if let Some((by, Some(c))) = b.draw_four {
                        if by == target {
                            let s = &mut b.seats[usize::from(target)];
                            let mut colors = 1 << c as u8;
                            if view.rules.edition.rules().wild_matches_for_draw_four {
                                colors |= WILD_BIT;
                            }
                            s.lacks |= colors;
                            if let Some(groups) = &mut s.groups {
                                groups.lacks(Lack { colors, faces: 0 });
                            }
                        }
                    }
                }
                Event::DiscardedColor { seat, color, count } => {
                    let s = &mut b.seats[usize::from(seat)];
                    s.known.retain(|k| k.color() != Some(color));
                    if let Some(groups) = &mut s.groups {
                        groups.gave_up(usize::from(count), s.known.len());
                    }
                }
                // Beliefs follow the hands to their new owners.
                Event::HandsSwapped { seat, target } => {
                    b.seats.swap(usize::from(seat), usize::from(target));
                }
                Event::HandsRotated {
                    direction: Direction::Left,
                } => b.seats.rotate_right(1),
                Event::HandsRotated { .. } => b.seats.rotate_left(1),
                _ => {}
            }
        }
        // A seat deciding on the card it drew holds one that fits.
        if let (Pending::Drawn { card: None }, Some(seat), true) =
            (view.pending, just_drew, reading.kept_fits)
        {
            if let (Some(groups), Some(top)) = (&mut b.seats[usize::from(seat)].groups, top) {
                groups.kept_drawn(Some((top, color)));
            }
        }
        b
    }

    /// `seat` showed its whole hand: nothing else is left to guess about it.
    fn learn(&mut self, seat: Seat, cards: &Hand) {
        if let Some(s) = self.seats.get_mut(usize::from(seat)) {
            *s = SeatBeliefs {
                known: cards.to_vec(),
                groups: s.groups.as_ref().map(|_| Groups::new(cards.len())),
                ..SeatBeliefs::default()
            };
        }
    }
}

/// Each seat's hand size when the history starts: today's sizes less what each hand took
/// since, plus what it gave up, following hands that changed owners.
fn start_sizes(view: &PlayerView) -> Vec<usize> {
    let n = view.hand_sizes.len();
    // Where each hand started, and how much it grew since.
    let mut origin: Vec<usize> = (0..n).collect();
    let mut grew = vec![0isize; n];
    for event in &view.history {
        match *event {
            Event::Played { seat, .. } => grew[usize::from(seat)] -= 1,
            Event::Drew { seat, .. } => grew[usize::from(seat)] += 1,
            Event::DiscardedColor { seat, count, .. } => {
                grew[usize::from(seat)] -= isize::try_from(count).unwrap_or(0);
            }
            Event::HandsSwapped { seat, target } => {
                grew.swap(usize::from(seat), usize::from(target));
                origin.swap(usize::from(seat), usize::from(target));
            }
            Event::HandsRotated {
                direction: Direction::Left,
            } => {
                grew.rotate_right(1);
                origin.rotate_right(1);
            }
            Event::HandsRotated { .. } => {
                grew.rotate_left(1);
                origin.rotate_left(1);
            }
            _ => {}
        }
    }
    let mut sizes = vec![0; n];
    for (s, &start) in origin.iter().enumerate() {
        sizes[start] = usize::try_from(view.hand_sizes[s] as isize - grew[s]).unwrap_or(0);
    }
    sizes
}

/// A card's bit in `SeatBeliefs::lacks`.
fn lack_bit(card: Card) -> u8 {
    card.color().map_or(WILD_BIT, |c| 1 << c as u8)
}

/// A colored card's bit in `SeatBeliefs::lacks_face` (none for Wild-type cards).
fn face_bit(card: Card) -> u16 {
    match card.face() {
        Face::Number(n) => 1 << n,
        Face::Skip => 1 << 10,
        Face::Reverse => 1 << 11,
        Face::DrawTwo => 1 << 12,
        _ => 0,
    }
}

/// Moves cards that pass `wanted` from the pool to `hand`, in pool order, until it holds `size`.
/// The cards passed over are left first in the pool, unless `mix` shuffles them back in.
fn deal_until(
    hand: &mut Vec<Card>,
    pool: &mut Vec<Card>,
    size: usize,
    wanted: impl Fn(Card) -> bool,
    mix: Option<&mut Rng>,
) {
    let mut i = 0;
    while hand.len() < size && i < pool.len() {
        if wanted(pool[i]) {
            hand.push(pool.swap_remove(i));
        } else {
            i += 1;
        }
    }
    if let Some(rng) = mix {
        // The first `i` are cards `wanted` refused: each is swapped with one at random from
        // its place on (the first steps of a Fisher–Yates shuffle).
        for j in 0..i.min(pool.len()) {
            let k = j + rng.below(pool.len() - j);
            pool.swap(j, k);
        }
    }
}

/// The cards `view.seat` has not seen, in deck order: the deck less its own hand and the
/// discard pile. They are in the other hands and the draw pile.
#[must_use]
pub fn unseen_cards(view: &PlayerView) -> Vec<Card> {
    let mut left = [0u8; 128];
    for &card in view.rules.deck_cards() {
        left[usize::from(card.id())] += 1;
    }
    for card in view.hand.iter().chain(&view.discard_pile) {
        let n = &mut left[usize::from(card.id())];
        *n = n.saturating_sub(1);
    }
    let mut pool: Vec<Card> = Vec::with_capacity(112);
    for &card in view.rules.deck_cards() {
        let n = &mut left[usize::from(card.id())];
        if *n > 0 {
            *n -= 1;
            pool.push(card);
        }
    }
    pool
}

/// Deals the cards `view.seat` has not seen, consistently with the view and, where possible,
/// with `beliefs`.
pub fn sample(view: &PlayerView, beliefs: &Beliefs, rng: &mut Rng) -> Guess {
    sample_from(view, beliefs, unseen_cards(view), rng)
}

/// `sample` dealing `pool`, which must be `unseen_cards(view)`: a search guessing thousands of
/// worlds from one view finds those cards once.
pub fn sample_from(
    view: &PlayerView,
    beliefs: &Beliefs,
    mut pool: Vec<Card>,
    rng: &mut Rng,
) -> Guess {
    debug_assert_eq!(pool, unseen_cards(view), "the view's unseen cards");
    rng.shuffle(&mut pool);
    let players = view.hand_sizes.len();
    let mut hands: Vec<Vec<Card>> = vec![Vec::new(); players];
    let none = SeatBeliefs::default();
    let belief = |s: usize| beliefs.seats.get(s).unwrap_or(&none);
    // Known cards first, so that no other hand is dealt them.
    for (s, hand) in hands.iter_mut().enumerate() {
        if s == usize::from(view.seat) {
            continue;
        }
        for &card in &belief(s).known {
            if hand.len() < view.hand_sizes[s] {
                if let Some(at) = pool.iter().position(|&c| c == card) {
                    hand.push(pool.swap_remove(at));
                }
            }
        }
    }
    for (s, hand) in hands.iter_mut().enumerate() {
        if s == usize::from(view.seat) {
            continue;
        }
        let belief = belief(s);
        let want = view.hand_sizes[s];
        // Read group by group, the later groups are dealt apart, each its own lack.
        let (later, rest, free) = match &belief.groups {
            Some(g) => (&g.later[..], g.rest, g.later_count()),
            None => (&[][..], belief.lack(), belief.free),
        };
        let free = free.min(want);
        // First a share of the color it named, then cards that agree with what it showed,
        // then the later groups', then any.
        let mut mix = beliefs.mixed.then_some(&mut *rng);
        if let Some(liked) = belief.likes {
            let share = (want - free).div_ceil(3);
            deal_until(
                hand,
                &mut pool,
                share,
                |c| c.color() == Some(liked) && rest.fits(c),
                mix.as_deref_mut(),
            );
        }
        deal_until(
            hand,
            &mut pool,
            want - free,
            |c| rest.fits(c),
            mix.as_deref_mut(),
        );
        for group in later {
            let size = (hand.len() + group.count).min(want);
            deal_until(hand, &mut pool, size, |c| group.fits(c), mix.as_deref_mut());
        }
        while hand.len() < want && !pool.is_empty() {
            hand.push(pool.pop().expect("checked"));
        }
    }
    // What is left is the draw pile, in random order.
    rng.shuffle(&mut pool);
    let (draw_four_by, draw_four_guilty) = match (view.pending, beliefs.draw_four) {
        (
            Pending::Penalty {
                can_challenge: true,
                ..
            },
            Some((by, before)),
        ) => {
            let wild_counts = view.rules.edition.rules().wild_matches_for_draw_four;
            let guilty = before.is_some_and(|c| {
                hands[usize::from(by)]
                    .iter()
                    .any(|k| k.color() == Some(c) || (wild_counts && k.is_wild()))
            });
            (by, guilty)
        }
        _ => (0, false),
    };
    // A card another seat drew and may play: the last one dealt to its guessed hand.
    let drawn = match view.pending {
        Pending::Drawn { card: None } => hands[usize::from(view.turn)].last().copied(),
        _ => None,
    };
    Guess {
        hands,
        draw_pile: pool,
        draw_four_by,
        draw_four_guilty,
        drawn,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::{Action, CustomEffect, Edition, Game, Rules, Setup};

    /// A game from a scenario file's setup.
    fn table(edition: Edition, setup: &str) -> Game {
        let setup: Setup = serde_json::from_str(setup).unwrap();
        Game::from_setup(Rules::new(edition), setup, 1).unwrap()
    }

    /// The fewest cards that pass `count` in `seat`'s guessed hand, over 20 guesses.
    fn fewest_in_guesses(
        view: &PlayerView,
        beliefs: &Beliefs,
        seat: usize,
        seed: u64,
        count: impl Fn(Card) -> bool,
    ) -> usize {
        let mut rng = Rng::new(seed);
        (0..20)
            .map(|_| {
                let guess = sample(view, beliefs, &mut rng);
                guess.hands[seat].iter().filter(|&&c| count(c)).count()
            })
            .min()
            .expect("20 guesses")
    }

    /// The cards with these codes, sorted.
    fn sorted(codes: &[&str]) -> Vec<Card> {
        let mut cards: Vec<Card> = codes.iter().map(|c| c.parse().unwrap()).collect();
        cards.sort();
        cards
    }

    /// The cards `beliefs` knows `seat` holds, sorted.
    fn known(beliefs: &Beliefs, seat: usize) -> Vec<Card> {
        let mut cards = beliefs.seats[seat].known.clone();
        cards.sort();
        cards
    }

    /// A 3-player Classic table where seat 0, holding no red, draws on a red 3 from
    /// `draw_pile` (a JSON list of codes).
    fn seat_0_draws_on_a_red_three(draw_pile: &str) -> Game {
        let mut game = table(
            Edition::Classic,
            &format!(
                r#"{{"hands": [["B2","G7","Y9"],["G1","G2"],["Y5","YS"]], "draw_pile": {draw_pile},
                    "discard_pile": ["R3"], "color": "red", "turn": 0, "dealer": 2}}"#
            ),
        );
        game.apply(Action::Draw { seat: 0 }).unwrap();
        game
    }

    /// A 3-player Classic table on a red 3, seat 0 (no red) to play from `draw_pile`, seat 1
    /// holding a red 1 and seat 2 a red Draw Two.
    fn seat_1_and_seat_2_hold_red_one_and_red_draw_two(draw_pile: &str) -> Game {
        table(
            Edition::Classic,
            &format!(
                r#"{{"hands": [["B2","G7","Y9"],["R1","R2"],["RD2","YS"]], "draw_pile": {draw_pile},
                    "discard_pile": ["R3"], "color": "red", "turn": 0, "dealer": 2}}"#
            ),
        )
    }

    /// `seat` plays the card with this code (naming `color` if it is wild).
    fn play(seat: Seat, code: &str, color: Option<Color>) -> Action {
        Action::Play {
            seat,
            card: code.parse().unwrap(),
            color,
        }
    }

    #[test]
    fn a_guess_is_a_possible_table() {
        for seed in 0..50 {
            let mut game = Game::deal(Rules::new(Edition::Masters), 4, seed).unwrap();
            let mut rng = Rng::new(seed);
            for _ in 0..30 {
                if game.outcome().is_some() {
                    break;
                }
                let view = game.view(game.turn());
                let guess = sample(&view, &Beliefs::from_view(&view), &mut rng);
                let sizes: Vec<usize> = guess.hands.iter().map(Vec::len).collect();
                let mut want = view.hand_sizes.clone();
                want[usize::from(view.seat)] = 0;
                assert_eq!(sizes, want, "other hands have their public sizes");
                assert_eq!(guess.draw_pile.len(), view.draw_pile_size);
                // Together with what the seat sees, the guess is exactly the deck.
                let mut all: Vec<Card> = guess.hands.concat();
                all.extend(&guess.draw_pile);
                all.extend(&view.hand);
                all.extend(&view.discard_pile);
                all.sort();
                let mut deck = Rules::new(Edition::Masters).deck();
                deck.sort();
                assert_eq!(all, deck);
                let legal = game.legal_actions();
                game.apply(legal[rng.below(legal.len())]).unwrap();
            }
        }
    }

    #[test]
    fn a_seat_that_drew_is_believed_to_lack_the_color() {
        let game = seat_0_draws_on_a_red_three(r#"["G9","Y1","B9"]"#);
        let beliefs = Beliefs::from_view(&game.view(1));
        // Seat 0 drew on a red 3: no red, no Wild, no 3.
        assert_eq!(beliefs.seats[0].lacks, 1 << Color::Red as u8 | WILD_BIT);
        assert_eq!(beliefs.seats[0].lacks_face, 1 << 3);
        assert_eq!(beliefs.seats[2].lacks, 0);
        assert!(!beliefs.seats[0].fits("G3".parse().unwrap()));
        assert!(!beliefs.seats[0].fits(Card::WILD));
        assert!(beliefs.seats[0].fits("G7".parse().unwrap()));
    }

    #[test]
    fn a_seat_that_named_a_color_is_dealt_some_of_it() {
        let mut game = table(
            Edition::Classic,
            r#"{"hands": [["B2","G7","Y9"],["W","R1","B3","Y4","Y5"],["Y6","YS"]],
                "draw_pile": ["G9","Y1","B9"], "discard_pile": ["R3"], "color": "red",
                "turn": 1, "dealer": 0}"#,
        );
        game.apply(play(1, "W", Some(Color::Green))).unwrap();
        let view = game.view(0);
        let beliefs = Beliefs::from_view(&view);
        assert_eq!(beliefs.seats[1].likes, Some(Color::Green));
        assert_eq!(beliefs.seats[2].likes, None);
        // A third of its four cards, rounded up, in every guess.
        let greens = fewest_in_guesses(&view, &beliefs, 1, 3, |c| c.color() == Some(Color::Green));
        assert!(greens >= 2, "{greens} green cards");
    }

    #[test]
    fn penalty_cards_are_free_of_what_a_seat_lacked() {
        let mut game =
            seat_1_and_seat_2_hold_red_one_and_red_draw_two(r#"["G9","Y1","B9","R5","R6"]"#);
        // Seat 0 draws on a red 3 (it lacks red), then takes a Draw Two's two cards.
        game.apply(Action::Draw { seat: 0 }).unwrap();
        game.apply(play(1, "R1", None)).unwrap();
        game.apply(play(2, "RD2", None)).unwrap();
        assert_eq!(game.hands()[0].len(), 6);
        let beliefs = Beliefs::from_view(&game.view(1));
        assert_eq!(beliefs.seats[0].free, 2);
        let lacked = 1 << Color::Red as u8 | WILD_BIT;
        assert_eq!(beliefs.seats[0].lacks, lacked);
        // Group by group: the card it drew lacks what the rest did, the penalty cards nothing.
        let lack = Lack {
            colors: lacked,
            faces: 1 << 3,
        };
        let groups = beliefs.seats[0].groups.as_ref().expect("read by groups");
        assert_eq!(groups.rest, lack);
        assert_eq!(
            groups.later,
            [
                Group {
                    count: 1,
                    lacks: lack,
                    fit: None,
                },
                Group {
                    count: 2,
                    lacks: Lack::default(),
                    fit: None,
                },
            ]
        );
        assert_eq!((groups.size, groups.rest_count(0)), (6, 3));
        // Four of its six cards fit what it showed; the two penalty cards may be anything.
        let fits = |c| beliefs.seats[0].fits(c);
        let fitting = fewest_in_guesses(&game.view(1), &beliefs, 0, 5, fits);
        assert!(fitting >= 4, "{fitting} fitting cards");
    }

    #[test]
    fn hands_shown_by_a_web_swing_are_known_until_played() {
        let mut game = table(
            Edition::SpiderMan,
            r#"{"hands": [["WS","B2","G7"],["G1","B5","Y8","R8"],["Y5","YS","B6"]],
                "draw_pile": ["G5","Y1","B9","R9","G0"], "discard_pile": ["R3"],
                "color": "red", "turn": 0, "dealer": 2}"#,
        );
        game.apply(play(0, "WS", Some(Color::Blue))).unwrap();
        game.apply(Action::Choose {
            seat: 0,
            target: None,
        })
        .unwrap();
        // Seat 1 plays its blue 5; seat 2 now knows the rest of seat 1's hand.
        game.apply(play(1, "B5", None)).unwrap();
        let view = game.view(2);
        let beliefs = Beliefs::from_view(&view);
        let want = sorted(&["G1", "Y8", "R8"]);
        assert_eq!(known(&beliefs, 1), want);
        // Seat 0 was not shown: nothing is known of it.
        assert!(beliefs.seats[0].known.is_empty());
        let mut rng = Rng::new(9);
        for _ in 0..10 {
            let mut hand = sample(&view, &beliefs, &mut rng).hands[1].clone();
            hand.sort();
            assert_eq!(hand, want);
        }
    }

    #[test]
    fn a_challenge_shows_the_offender_s_hand_to_the_challenger_only() {
        let mut game = table(
            Edition::Classic,
            r#"{"hands": [["W4","R5","B2"],["G1","B5"],["Y5","YS"]],
                "draw_pile": ["G5","Y1","B9","R9","G0"], "discard_pile": ["R3"],
                "color": "red", "turn": 0, "dealer": 2}"#,
        );
        game.apply(play(0, "W4", Some(Color::Green))).unwrap();
        game.apply(Action::Challenge { seat: 1 }).unwrap();
        // Guilty (it held R5): it drew four more, which nobody saw.
        assert_eq!(game.hands()[0].len(), 6);
        let beliefs = Beliefs::from_view(&game.view(1));
        assert_eq!(known(&beliefs, 0), sorted(&["R5", "B2"]));
        assert_eq!(beliefs.seats[0].free, 4);
        let groups = beliefs.seats[0].groups.as_ref().expect("read by groups");
        assert_eq!(
            groups.later,
            [Group {
                count: 4,
                lacks: Lack::default(),
                fit: None,
            }]
        );
        assert_eq!((groups.size, groups.rest_count(2)), (6, 0));
        assert!(Beliefs::from_view(&game.view(2)).seats[0].known.is_empty());
    }

    #[test]
    fn a_card_drawn_on_another_color_may_be_one_lacked_before() {
        let mut game = table(
            Edition::Classic,
            r#"{"hands": [["B2","B7","Y9"],["R1","G3"],["RD2","YS"]],
                "draw_pile": ["Y1","B9","R9","R5","R6"], "discard_pile": ["R3"],
                "color": "red", "turn": 0, "dealer": 2}"#,
        );
        // Seat 0 draws on a red 3 (a yellow 1), seat 1 turns the table green, seat 2 draws,
        // and seat 0 draws on the green 3: a red 9, which may not be played on it.
        game.apply(Action::Draw { seat: 0 }).unwrap();
        game.apply(play(1, "G3", None)).unwrap();
        game.apply(Action::Draw { seat: 2 }).unwrap();
        game.apply(Action::Draw { seat: 0 }).unwrap();
        assert_eq!(game.hands()[0].len(), 5);
        assert!(game.hands()[0].contains("R9".parse().unwrap()));
        let view = game.view(1);
        let beliefs = Beliefs::from_view(&view);
        let (red, green) = (1 << Color::Red as u8, 1 << Color::Green as u8);
        let groups = beliefs.seats[0].groups.as_ref().expect("read by groups");
        assert_eq!(groups.rest.colors, red | green | WILD_BIT);
        // The last card lacks only green (and Wilds, and 3s): it may be red.
        assert_eq!(
            groups.later.last(),
            Some(&Group {
                count: 1,
                lacks: Lack {
                    colors: green | WILD_BIT,
                    faces: 1 << 3,
                },
                fit: None,
            })
        );
        let mut rng = Rng::new(4);
        let reds = (0..60)
            .filter(|_| {
                sample(&view, &beliefs, &mut rng).hands[0]
                    .iter()
                    .any(|c| c.color() == Some(Color::Red))
            })
            .count();
        assert!((5..60).contains(&reds), "{reds} guesses of 60 hold red");
        // Read as first shipped, the whole hand lacks red.
        let v1 = Beliefs::read(&view, Reading::V1);
        assert!(v1.seats[0].groups.is_none());
        assert_eq!(
            fewest_in_guesses(&view, &v1, 0, 4, |c| c.color() != Some(Color::Red)),
            5
        );
    }

    #[test]
    fn a_drawn_card_kept_or_in_hand_fit_the_card_on_top() {
        let mut game = seat_0_draws_on_a_red_three(r#"["R7","R8","R9"]"#);
        let red_three = "R3".parse().unwrap();
        // In every guess the rest of seat 0's hand lacks red, Wilds and 3s, and the card it
        // drew fits the red 3: exactly one of its cards fits.
        let fitting = |view: &PlayerView, reading: Reading, seed: u64| {
            let beliefs = Beliefs::read(view, reading);
            let mut rng = Rng::new(seed);
            let mut counts = [0; 5];
            for _ in 0..60 {
                let guess = sample(view, &beliefs, &mut rng);
                let n = guess.hands[0]
                    .iter()
                    .filter(|c| c.fits(red_three, Some(Color::Red)))
                    .count();
                counts[n.min(4)] += 1;
                if let Some(drawn) = guess.drawn {
                    assert!(drawn.fits(red_three, Some(Color::Red)), "{drawn}");
                    assert_eq!(guess.hands[0].last(), Some(&drawn));
                }
            }
            counts
        };
        // Deciding on it, then having kept it.
        let deciding = game.view(1);
        assert!(matches!(deciding.pending, Pending::Drawn { card: None }));
        assert_eq!(fitting(&deciding, Reading::CURRENT, 5), [0, 60, 0, 0, 0]);
        game.apply(Action::Pass { seat: 0 }).unwrap();
        let view = game.view(1);
        let groups = Beliefs::from_view(&view).seats[0].groups.clone().unwrap();
        assert_eq!(
            groups.later,
            vec![Group {
                count: 1,
                lacks: Lack::default(),
                fit: Some((red_three, Some(Color::Red))),
            }]
        );
        assert_eq!(fitting(&view, Reading::CURRENT, 6), [0, 60, 0, 0, 0]);
        // Without the reading, the kept card is any card: some guesses hold none that fits.
        // Dealt after the rest of the hand, it is most often one the rest passed over (one
        // that fits), unless those are mixed back in.
        let any = Reading {
            kept_fits: false,
            ..Reading::CURRENT
        };
        let counts = fitting(&view, any, 6);
        assert!(
            counts[0] > 0 && counts[0] < 20 && counts[0] + counts[1] == 60,
            "{counts:?}"
        );
        let mixed = fitting(&view, Reading { mixed: true, ..any }, 6);
        assert!(mixed[0] > 25 && mixed[0] + mixed[1] == 60, "{mixed:?}");
    }

    #[test]
    fn penalty_cards_after_a_kept_card_need_not_fit_its_top() {
        let mut game = seat_1_and_seat_2_hold_red_one_and_red_draw_two(r#"["R5","R6","R7","R8"]"#);
        // Seat 0 draws a red card on the red 3 and keeps it, then takes a Draw Two's cards.
        game.apply(Action::Draw { seat: 0 }).unwrap();
        game.apply(Action::Pass { seat: 0 }).unwrap();
        game.apply(play(1, "R1", None)).unwrap();
        game.apply(play(2, "RD2", None)).unwrap();
        assert_eq!(game.hands()[0].len(), 6);
        let beliefs = Beliefs::from_view(&game.view(1));
        let groups = beliefs.seats[0].groups.as_ref().expect("read by groups");
        assert_eq!(
            groups.later,
            [
                Group {
                    count: 1,
                    lacks: Lack::default(),
                    fit: Some(("R3".parse().unwrap(), Some(Color::Red))),
                },
                Group {
                    count: 2,
                    lacks: Lack::default(),
                    fit: None,
                },
            ]
        );
    }

    /// Seat 0 holding `hand` (a Wild Draw Four first) plays it on `top` of `color`, naming
    /// green; seat 1 challenges and was wrong: it drew six.
    fn failed_challenge(edition: Edition, hand: &str, top: &str, color: &str) -> Game {
        let mut game = table(
            edition,
            &format!(
                r#"{{"hands": [{hand},["G1","B5"],["Y5","YS"]],
                    "draw_pile": ["G5","Y1","B9","R9","G0","Y2","B7"], "discard_pile": ["{top}"],
                    "color": "{color}", "turn": 0, "dealer": 2}}"#
            ),
        );
        game.apply(play(0, "W4", Some(Color::Green))).unwrap();
        game.apply(Action::Challenge { seat: 1 }).unwrap();
        assert_eq!(game.hands()[1].len(), 8);
        game
    }

    #[test]
    fn a_failed_challenge_tells_everyone_the_offender_lacked_the_color() {
        let game = failed_challenge(Edition::Classic, r#"["W4","B2","G7"]"#, "R3", "red");
        let beliefs = Beliefs::from_view(&game.view(2));
        assert_eq!(beliefs.seats[0].lacks, 1 << Color::Red as u8);
        assert!(!beliefs.seats[0].fits("R9".parse().unwrap()));
        assert!(beliefs.seats[0].fits("B9".parse().unwrap()));
        // The challenger saw the hand itself.
        let challenger = Beliefs::from_view(&game.view(1));
        assert_eq!(known(&challenger, 0), sorted(&["B2", "G7"]));
    }

    #[test]
    fn a_card_drawn_and_played_at_once_leaves_the_rest_of_the_hand_lacking() {
        let mut game = seat_0_draws_on_a_red_three(r#"["R7","R8","R9"]"#);
        let drawn = game.hands()[0]
            .iter()
            .find(|c| c.color() == Some(Color::Red))
            .unwrap();
        game.apply(Action::Play {
            seat: 0,
            card: drawn,
            color: None,
        })
        .unwrap();
        // The red card it played was the one it drew: its other cards still lack red.
        let beliefs = Beliefs::from_view(&game.view(1));
        assert_eq!(beliefs.seats[0].lacks, 1 << Color::Red as u8 | WILD_BIT);
        assert_eq!(beliefs.seats[0].free, 0);
        assert_eq!(beliefs.seats[0].colors_lacked(), 1 << Color::Red as u8);
    }

    /// Tables where hands change owners or shrink at once: the seven-o house rule (a 7 swaps
    /// two hands, a 0 passes every hand on), Blank cards that swap, pass on or discard a
    /// color, and Spider-Man's Web Swing, which shows every other hand.
    fn tables_whose_hands_move() -> Vec<Rules> {
        let mut seven_o = Rules::new(Edition::Classic);
        seven_o.house_rules.seven_o = true;
        let blank = |custom_effect| Rules {
            custom_effect,
            ..Rules::new(Edition::ClassicBlank)
        };
        vec![
            seven_o,
            blank(CustomEffect::SwapHands),
            blank(CustomEffect::RotateHands),
            blank(CustomEffect::DiscardColor),
            Rules::new(Edition::SpiderMan),
        ]
    }

    #[test]
    fn beliefs_follow_every_hand_through_swaps_rotations_and_discards() {
        // Random play, read from every seat at every step of the first round: the hands'
        // sizes when the round's history starts are those dealt, each record of a hand is as
        // big as the hand it follows now, and what it knows that hand holds, the hand holds.
        let (mut swaps, mut rotations, mut discards, mut known) = (0, 0, 0, 0);
        for rules in tables_whose_hands_move() {
            for seed in 0..30 {
                let mut game = Game::deal(rules, 4, seed).unwrap();
                let mut rng = Rng::new(seed);
                while game.outcome().is_none() {
                    for viewer in 0..4 {
                        let view = game.view(viewer);
                        assert_eq!(start_sizes(&view), [7; 4], "{rules:?}, deal {seed}");
                        let beliefs = Beliefs::from_view(&view);
                        for s in (0..4).filter(|&s| s != usize::from(viewer)) {
                            let belief = &beliefs.seats[s];
                            let groups = belief.groups.as_ref().expect("read group by group");
                            let held = game.hand(s as Seat);
                            assert_eq!(groups.size, held.len(), "{rules:?}, deal {seed}");
                            assert!(groups.later_count() + belief.known.len() <= groups.size);
                            for &card in &belief.known {
                                assert!(held.contains(card), "{card} in seat {s}'s hand");
                            }
                            known += belief.known.len();
                        }
                    }
                    let legal = game.legal_actions();
                    let events = game.apply(crate::policy::random(&legal, &mut rng)).unwrap();
                    for event in events.iter() {
                        match event {
                            Event::HandsSwapped { .. } => swaps += 1,
                            Event::HandsRotated { .. } => rotations += 1,
                            Event::DiscardedColor { .. } => discards += 1,
                            _ => {}
                        }
                    }
                }
            }
        }
        // Each way a hand moves was met often enough to count.
        assert!(swaps >= 50 && rotations >= 50 && discards >= 20 && known >= 100);
        println!("{swaps} swaps, {rotations} rotations, {discards} discards, {known} known");
    }

    /// What a draw on a red 3 shows: no red, no Wild, no 3.
    const NO_RED: Lack = Lack {
        colors: 1 << Color::Red as u8 | WILD_BIT,
        faces: 1 << 3,
    };

    fn group(count: usize, lacks: Lack) -> Group {
        Group {
            count,
            lacks,
            fit: None,
        }
    }

    fn groups(rest: Lack, later: &[Group], size: usize) -> Groups {
        Groups {
            rest,
            later: later.to_vec(),
            size,
        }
    }

    #[test]
    fn a_played_card_leaves_the_group_likeliest_to_have_held_it() {
        let card = |code: &str| code.parse::<Card>().unwrap();
        let free = Lack::default();
        // (before, the card played, drawn, known cards, after)
        let cases = [
            // Green fits both; the rest holds four cards, the later group two: the rest.
            (
                groups(free, &[group(2, NO_RED)], 6),
                "G5",
                false,
                0,
                groups(free, &[group(2, NO_RED)], 5),
            ),
            // Two and two: the rest first among equals.
            (
                groups(free, &[group(2, NO_RED)], 4),
                "G5",
                false,
                0,
                groups(free, &[group(2, NO_RED)], 3),
            ),
            // Known cards are not the rest's: of four cards one is known, the rest one.
            (
                groups(free, &[group(2, free)], 4),
                "G5",
                false,
                1,
                groups(free, &[group(1, free)], 3),
            ),
            // Red fits only the later group.
            (
                groups(NO_RED, &[group(1, free)], 4),
                "R5",
                false,
                0,
                groups(NO_RED, &[], 3),
            ),
            // The card just drawn is the last group's, whatever the rest could hold.
            (
                groups(free, &[group(2, free), group(2, NO_RED)], 9),
                "G5",
                true,
                0,
                groups(free, &[group(2, free), group(1, NO_RED)], 8),
            ),
            // Held against every reading (it drew while holding a red): the rest no longer
            // lacks red or 3 (a Wild it may still lack), and keeps its cards.
            (
                groups(NO_RED, &[group(1, NO_RED)], 3),
                "R3",
                false,
                0,
                groups(
                    Lack {
                        colors: WILD_BIT,
                        faces: 0,
                    },
                    &[group(1, NO_RED)],
                    2,
                ),
            ),
            // And when the rest holds nothing, the biggest later group gave it.
            (
                groups(NO_RED, &[group(1, NO_RED), group(2, NO_RED)], 3),
                "R5",
                false,
                0,
                groups(
                    Lack {
                        colors: WILD_BIT,
                        faces: 1 << 3,
                    },
                    &[group(1, NO_RED), group(1, NO_RED)],
                    2,
                ),
            ),
        ];
        for (i, (before, code, drawn, known, after)) in cases.into_iter().enumerate() {
            let mut g = before;
            g.played(card(code), drawn, known);
            assert_eq!(g, after, "case {i}");
        }
    }

    #[test]
    fn a_kept_drawn_card_is_a_group_of_its_own_that_fit_the_top() {
        let top = Some(("R3".parse::<Card>().unwrap(), Some(Color::Red)));
        let kept = Group {
            count: 1,
            lacks: Lack::default(),
            fit: top,
        };
        let mut g = groups(NO_RED, &[group(3, NO_RED)], 7);
        g.kept_drawn(top);
        assert_eq!(g, groups(NO_RED, &[group(2, NO_RED), kept], 7));
        let mut g = groups(NO_RED, &[group(1, NO_RED)], 5);
        g.kept_drawn(top);
        assert_eq!(g, groups(NO_RED, &[kept], 5));
        // Nothing drawn read (a scenario's first move): nothing to keep apart.
        let mut g = groups(NO_RED, &[], 5);
        g.kept_drawn(top);
        assert_eq!(g, groups(NO_RED, &[], 5));
    }

    #[test]
    fn a_discarded_color_is_taken_from_the_newest_groups_the_rest_cannot_cover() {
        let free = Lack::default();
        let later = [group(2, NO_RED), group(2, free)];
        // Six cards, four later: three given up leave three, so one later card went.
        let mut g = groups(NO_RED, &later, 6);
        g.gave_up(3, 0);
        assert_eq!(g, groups(NO_RED, &[group(2, NO_RED), group(1, free)], 3));
        // Four given up leave two: the newest group went whole.
        let mut g = groups(NO_RED, &later, 6);
        g.gave_up(4, 0);
        assert_eq!(g, groups(NO_RED, &[group(2, NO_RED)], 2));
        // One card known and two left: three of the later cards went, newest first.
        let mut g = groups(NO_RED, &later, 6);
        g.gave_up(4, 1);
        assert_eq!(g, groups(NO_RED, &[group(1, NO_RED)], 2));
        // The rest covers what was given up: the later groups stay.
        let mut g = groups(NO_RED, &later, 9);
        g.gave_up(3, 1);
        assert_eq!(g, groups(NO_RED, &later, 6));
    }

    #[test]
    fn a_guess_says_whether_the_wild_draw_four_to_challenge_was_played_holding_the_color() {
        // Seat 1 plays a Wild Draw Four on a red 3 (it holds no red) and names green; seat 2
        // may challenge. In each guess, the offender was guilty if its guessed hand holds a
        // red card, or, in Spider-Man, any Wild.
        for edition in [Edition::Classic, Edition::SpiderMan] {
            let mut game = table(
                edition,
                r#"{"hands": [["B2","G7","Y9"],["W4","G1","G2","B5","Y3"],["R1","R4","B8"]],
                    "draw_pile": ["G9","Y1","B9"], "discard_pile": ["R3"], "color": "red",
                    "turn": 1, "dealer": 0}"#,
            );
            game.apply(play(1, "W4", Some(Color::Green))).unwrap();
            let view = game.view(2);
            assert!(matches!(
                view.pending,
                Pending::Penalty {
                    can_challenge: true,
                    ..
                }
            ));
            let wilds_count = edition == Edition::SpiderMan;
            let beliefs = Beliefs::from_view(&view);
            let mut rng = Rng::new(4);
            let (mut guilty, mut wild_and_no_red) = (0, 0);
            for _ in 0..200 {
                let guess = sample(&view, &beliefs, &mut rng);
                let hand = &guess.hands[1];
                let red = hand.iter().any(|c| c.color() == Some(Color::Red));
                let wild = hand.iter().any(|c| c.is_wild());
                assert_eq!(guess.draw_four_by, 1);
                assert_eq!(guess.draw_four_guilty, red || (wilds_count && wild));
                guilty += usize::from(guess.draw_four_guilty);
                wild_and_no_red += usize::from(wild && !red);
            }
            // Both answers come up, and the case the editions tell apart.
            assert!((20..=180).contains(&guilty), "{edition:?}: {guilty}");
            assert!(wild_and_no_red >= 5, "{edition:?}: {wild_and_no_red}");
        }
    }

    #[test]
    fn another_seat_deciding_on_its_drawn_card_holds_one_that_fits() {
        let game = seat_0_draws_on_a_red_three(r#"["R7","Y1","B9"]"#);
        let view = game.view(1);
        assert_eq!(view.pending, Pending::Drawn { card: None });
        let beliefs = Beliefs::from_view(&view);
        let mut rng = Rng::new(2);
        for _ in 0..20 {
            let guess = sample(&view, &beliefs, &mut rng);
            let drawn = guess.drawn.expect("the card seat 0 drew");
            assert_eq!(guess.hands[0].last(), Some(&drawn));
            assert!(
                drawn.fits("R3".parse().unwrap(), Some(Color::Red)),
                "{drawn}"
            );
        }
        // Once it is kept the turn moves on and no card is pending.
        let mut game = game;
        game.apply(Action::Pass { seat: 0 }).unwrap();
        let view = game.view(1);
        let guess = sample(&view, &Beliefs::from_view(&view), &mut rng);
        assert_eq!(guess.drawn, None);
    }

    #[test]
    fn a_failed_challenge_in_spider_man_shows_no_wild_either() {
        // On a blue top, where the color's bit is not the lowest; in Spider-Man a Wild held
        // would have made the Wild Draw Four illegal too.
        let game = failed_challenge(Edition::SpiderMan, r#"["W4","R2","G7"]"#, "B3", "blue");
        let view = game.view(2);
        let lacked = 1 << Color::Blue as u8 | WILD_BIT;
        let seat_0 = &Beliefs::from_view(&view).seats[0];
        assert_eq!(seat_0.lacks, lacked);
        assert_eq!(seat_0.groups.as_ref().unwrap().rest.colors, lacked);
        // The frozen baseline does not read someone else's failed challenge.
        assert_eq!(Beliefs::read(&view, Reading::V1).seats[0].lacks, 0);
    }

    #[test]
    fn penalty_cards_excuse_a_play_of_a_color_lacked_until_they_are_played() {
        let mut game = table(
            Edition::Classic,
            r#"{"hands": [["B2","B7","Y9"],["R1","G5","G6"],["RD2","Y5","Y6"]],
                "draw_pile": ["Y1","R4","R5","G8","B8","Y7","B9","G9","G0"],
                "discard_pile": ["R3"], "color": "red", "turn": 0, "dealer": 2}"#,
        );
        let red = 1 << Color::Red as u8;
        let seat_0 = |game: &Game| Beliefs::from_view(&game.view(1)).seats[0].clone();
        // Seat 0 draws on the red 3 (a yellow 1), then takes a Draw Two's red 4 and red 5.
        game.apply(Action::Draw { seat: 0 }).unwrap();
        game.apply(play(1, "R1", None)).unwrap();
        game.apply(play(2, "RD2", None)).unwrap();
        let s = seat_0(&game);
        assert_eq!((s.lacks, s.lacks_face, s.free), (red | WILD_BIT, 1 << 3, 2));
        // Seats 1 and 2 draw; seat 0 plays its red 4: one of the penalty cards.
        game.apply(Action::Draw { seat: 1 }).unwrap();
        game.apply(Action::Draw { seat: 2 }).unwrap();
        game.apply(play(0, "R4", None)).unwrap();
        let s = seat_0(&game);
        assert_eq!((s.lacks, s.lacks_face, s.free), (red | WILD_BIT, 1 << 3, 1));
        // Seats 1 and 2 draw again, and seat 0 draws on the red 4 (green 9): no longer a
        // penalty, it shows it lacks 4s too.
        game.apply(Action::Draw { seat: 1 }).unwrap();
        game.apply(Action::Draw { seat: 2 }).unwrap();
        game.apply(Action::Draw { seat: 0 }).unwrap();
        assert_eq!(game.hands()[0].len(), 6);
        let s = seat_0(&game);
        assert_eq!(
            (s.lacks, s.lacks_face, s.free),
            (red | WILD_BIT, 1 << 3 | 1 << 4, 1)
        );
        assert_eq!(s.colors_lacked(), 0, "a free card may be red");
    }

    #[test]
    fn a_red_card_played_with_no_excuse_undoes_the_lack() {
        // Seat 0 drew on a red 3 holding a red 7 (no penalty, nothing kept), then plays it:
        // the draw was a choice, not a lack.
        let mut game = table(
            Edition::Classic,
            r#"{"hands": [["B2","R7","Y9"],["G1","G2"],["Y5","YS"]], "draw_pile": ["G9","Y1","B4"],
                "discard_pile": ["R3"], "color": "red", "turn": 0, "dealer": 2}"#,
        );
        game.apply(Action::Draw { seat: 0 }).unwrap();
        game.apply(Action::Draw { seat: 1 }).unwrap();
        game.apply(Action::Draw { seat: 2 }).unwrap();
        game.apply(play(0, "R7", None)).unwrap();
        let s = Beliefs::from_view(&game.view(1)).seats[0].clone();
        // Red is no longer lacked; Wilds and 3s still are.
        assert_eq!((s.lacks, s.lacks_face, s.free), (WILD_BIT, 1 << 3, 0));
    }

    #[test]
    fn a_card_drawn_then_played_after_calling_uno_is_the_drawn_one() {
        let mut game = table(
            Edition::Classic,
            r#"{"hands": [["G7"],["G1","G2"],["Y5","YS"]], "draw_pile": ["R9","Y1"],
                "discard_pile": ["R3"], "color": "red", "turn": 0, "dealer": 2}"#,
        );
        game.apply(Action::Draw { seat: 0 }).unwrap();
        game.apply(Action::CallUno { seat: 0 }).unwrap();
        game.apply(play(0, "R9", None)).unwrap();
        let s = Beliefs::from_view(&game.view(1)).seats[0].clone();
        // The green 7 left still lacks red: the red 9 was the card drawn.
        assert_eq!((s.lacks, s.free), (1 << Color::Red as u8 | WILD_BIT, 0));
    }

    #[test]
    fn a_kept_drawn_card_is_free_of_every_lack() {
        let mut game = seat_0_draws_on_a_red_three(r#"["R7","R8","R9"]"#);
        game.apply(Action::Pass { seat: 0 }).unwrap();
        let s = Beliefs::from_view(&game.view(1)).seats[0].clone();
        assert_eq!((s.lacks, s.free), (1 << Color::Red as u8 | WILD_BIT, 1));
        assert_eq!(s.colors_lacked(), 0);
    }

    #[test]
    fn each_face_and_color_has_its_own_bit() {
        let bits = |code: &str| {
            let card: Card = code.parse().unwrap();
            (lack_bit(card), face_bit(card))
        };
        assert_eq!(bits("R0"), (1 << Color::Red as u8, 1));
        assert_eq!(bits("B9"), (1 << Color::Blue as u8, 1 << 9));
        assert_eq!(bits("GS"), (1 << Color::Green as u8, 1 << 10));
        assert_eq!(bits("YR"), (1 << Color::Yellow as u8, 1 << 11));
        assert_eq!(bits("RD2"), (1 << Color::Red as u8, 1 << 12));
        assert_eq!(bits("W"), (WILD_BIT, 0));
        assert_eq!(bits("W4"), (WILD_BIT, 0));
        // Five colors and the Wilds: six bits, each apart.
        let all: Vec<u8> = ["R1", "B1", "G1", "Y1", "W"]
            .iter()
            .map(|c| bits(c).0)
            .collect();
        assert_eq!(all.iter().fold(0, |a, b| a | b).count_ones(), 5);
    }

    #[test]
    fn the_named_color_s_share_leaves_out_the_free_cards() {
        // Seat 1 takes a Draw Two's two cards, then plays a Wild naming green: of its four
        // cards two are free, so a third of the other two, rounded up, is green: one.
        let mut game = table(
            Edition::Classic,
            r#"{"hands": [["RD2","G7","Y9"],["W","B3","Y4"],["Y5","YS","B6"]],
                "draw_pile": ["R1","R2","B9","Y1","B4","B5"], "discard_pile": ["R3"],
                "color": "red", "turn": 0, "dealer": 2}"#,
        );
        game.apply(play(0, "RD2", None)).unwrap();
        game.apply(Action::Draw { seat: 2 }).unwrap();
        game.apply(Action::Draw { seat: 0 }).unwrap();
        game.apply(play(1, "W", Some(Color::Green))).unwrap();
        let view = game.view(2);
        assert_eq!(view.hand_sizes[1], 4);
        let beliefs = Beliefs::from_view(&view);
        assert_eq!(beliefs.seats[1].free, 2);
        let greens = fewest_in_guesses(&view, &beliefs, 1, 6, |c| c.color() == Some(Color::Green));
        assert_eq!(greens, 1);
    }
}
