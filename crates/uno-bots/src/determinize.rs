//! Guessing the hidden cards from one seat's view: every card the seat has not seen is dealt
//! at random to the other hands (their sizes are public) and the draw pile, leaning on what
//! the history says (a seat that drew instead of following a color probably has none of it).

use uno_engine::{Card, Color, Event, Face, Guess, Pending, PlayerView, Rng, Seat};

/// What the history says of the other hands.
#[derive(Clone, Debug, Default)]
pub struct Beliefs {
    /// Per seat, the colors it showed it lacked (one bit per `Color as u8`).
    pub lacks: Vec<u8>,
    /// The seat that played the Wild Draw Four on top, and the color it was played on.
    pub draw_four: Option<(Seat, Option<Color>)>,
}

impl Beliefs {
    #[must_use]
    pub fn from_view(view: &PlayerView) -> Beliefs {
        let n = view.hand_sizes.len();
        let mut lacks = vec![0u8; n];
        let mut forced = vec![0u16; n];
        let mut color: Option<Color> = None;
        let mut draw_four = None;
        for event in &view.history {
            match *event {
                Event::Played {
                    seat,
                    card,
                    color: after,
                } => {
                    if let Some(c) = card.color() {
                        lacks[usize::from(seat)] &= !(1 << c as u8);
                    }
                    if card.face() == Face::WildDrawFour {
                        draw_four = Some((seat, color));
                    }
                    color = after;
                }
                Event::MustDraw { seat, count } => forced[usize::from(seat)] += count,
                Event::Drew { seat, .. } => {
                    let s = usize::from(seat);
                    if forced[s] > 0 {
                        // Penalty cards can be anything: what it lacked it may now hold.
                        forced[s] -= 1;
                        lacks[s] = 0;
                    } else if let Some(c) = color {
                        // Drew on its turn instead of playing: probably had none of the color.
                        lacks[s] |= 1 << c as u8;
                    }
                }
                Event::RoundStarted { color: c, .. } => color = c,
                Event::HandsSwapped { .. } | Event::HandsRotated { .. } => lacks.fill(0),
                _ => {}
            }
        }
        Beliefs { lacks, draw_four }
    }
}

/// Deals the cards `view.seat` has not seen, consistently with the view and, where possible,
/// with `beliefs`.
pub fn sample(view: &PlayerView, beliefs: &Beliefs, rng: &mut Rng) -> Guess {
    // Unseen = the deck less the seat's own hand and the discard pile.
    let mut left = [0u8; 128];
    for &card in view.edition.deck_cards(view.edition_cards) {
        left[usize::from(card.id())] += 1;
    }
    for card in view.hand.iter().chain(&view.discard_pile) {
        let n = &mut left[usize::from(card.id())];
        *n = n.saturating_sub(1);
    }
    let mut pool: Vec<Card> = Vec::with_capacity(112);
    for &card in view.edition.deck_cards(view.edition_cards) {
        let n = &mut left[usize::from(card.id())];
        if *n > 0 {
            *n -= 1;
            pool.push(card);
        }
    }
    rng.shuffle(&mut pool);
    let players = view.hand_sizes.len();
    let mut hands: Vec<Vec<Card>> = vec![Vec::new(); players];
    for (s, hand) in hands.iter_mut().enumerate() {
        if s == usize::from(view.seat) {
            continue;
        }
        let want = view.hand_sizes[s];
        let lacks = beliefs.lacks.get(s).copied().unwrap_or(0);
        // First the cards that agree with what it showed, then any.
        let mut i = 0;
        while hand.len() < want && i < pool.len() {
            let fits = pool[i].color().is_none_or(|c| lacks & (1 << c as u8) == 0);
            if fits {
                hand.push(pool.swap_remove(i));
            } else {
                i += 1;
            }
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
            let wild_counts = view.edition.rules().wild_matches_for_draw_four;
            let guilty = before.is_some_and(|c| {
                hands[usize::from(by)]
                    .iter()
                    .any(|k| k.color() == Some(c) || (wild_counts && k.is_wild()))
            });
            (by, guilty)
        }
        _ => (0, false),
    };
    Guess {
        hands,
        draw_pile: pool,
        draw_four_by,
        draw_four_guilty,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::{Edition, Game, Rules};

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
        use uno_engine::{Action, Setup};
        let setup: Setup = serde_json::from_str(
            r#"{"hands": [["B2","G7","Y9"],["G1","G2"],["Y5","YS"]], "draw_pile": ["G9","Y1","B9"],
                "discard_pile": ["R3"], "color": "red", "turn": 0, "dealer": 2}"#,
        )
        .unwrap();
        let mut game = Game::from_setup(Rules::new(Edition::Classic), setup, 1).unwrap();
        game.apply(Action::Draw { seat: 0 }).unwrap();
        let beliefs = Beliefs::from_view(&game.view(1));
        assert_eq!(beliefs.lacks[0], 1 << Color::Red as u8);
        assert_eq!(beliefs.lacks[2], 0);
    }
}
