//! What a heuristic reads of the table: one seat's hand and the public state. Implemented by
//! a `PlayerView` (for a bot at the table) and by a `Game` (for the rollouts of a search, where
//! each simulated seat reads only its own hand).

use crate::determinize::{unseen_cards, Beliefs};
use uno_engine::{Card, Color, Game, PlayerView, Seat};

pub trait Table {
    /// How many cards of `color` `seat` holds; `seat` must be the seat deciding.
    fn color_count(&self, seat: Seat, color: Color) -> usize;

    /// `color_count` of each of the edition's colors, by `Color as usize` (a table that must
    /// look at every card for one color counts them all in one pass instead).
    fn color_counts(&self, seat: Seat) -> [i32; 5] {
        let mut held = [0; 5];
        for c in self.edition_colors() {
            held[c as usize] = self.color_count(seat, c) as i32;
        }
        held
    }
    fn hand_size(&self, seat: Seat) -> usize;
    fn seat_count(&self) -> usize;
    fn top(&self) -> Card;
    fn current_color(&self) -> Option<Color>;
    fn play_direction(&self) -> i8;
    fn edition_colors(&self) -> [Color; 4];

    /// How many cards of each color (by `Color as usize`), and how many cards in all, `seat`
    /// has not seen on the table (`determinize::unseen_cards`). A rollout's table does not
    /// count them (none): counting the deck at every step would slow the playouts.
    fn unseen(&self, _seat: Seat) -> ([usize; 5], usize) {
        ([0; 5], 0)
    }

    /// The colors (one bit per `Color as u8`) `seat` showed it lacks by drawing, and has not
    /// taken a card since that could bring one. A rollout's table does not follow this.
    fn colors_lacked(&self, _seat: Seat) -> u8 {
        0
    }

    /// The seat `steps` places from `seat` in the direction of play.
    fn seat_from(&self, seat: Seat, steps: isize) -> Seat {
        let n = self.seat_count() as isize;
        (seat as isize + steps * self.play_direction() as isize).rem_euclid(n) as Seat
    }

    /// The fewest cards any other seat holds.
    fn fewest_other(&self, seat: Seat) -> usize {
        (0..self.seat_count() as Seat)
            .filter(|&s| s != seat)
            .map(|s| self.hand_size(s))
            .min()
            .unwrap_or(usize::MAX)
    }
}

impl Table for PlayerView {
    fn color_count(&self, seat: Seat, color: Color) -> usize {
        debug_assert_eq!(seat, self.seat, "a view shows only its own hand");
        self.hand
            .iter()
            .filter(|c| c.color() == Some(color))
            .count()
    }
    fn hand_size(&self, seat: Seat) -> usize {
        self.hand_sizes[usize::from(seat)]
    }
    fn seat_count(&self) -> usize {
        self.hand_sizes.len()
    }
    fn top(&self) -> Card {
        *self.discard_pile.last().expect("a discard pile has a top")
    }
    fn current_color(&self) -> Option<Color> {
        self.color
    }
    fn play_direction(&self) -> i8 {
        self.direction.step()
    }
    fn edition_colors(&self) -> [Color; 4] {
        self.rules.edition.rules().colors
    }
    fn unseen(&self, seat: Seat) -> ([usize; 5], usize) {
        debug_assert_eq!(seat, self.seat, "a view shows only its own hand");
        let cards = unseen_cards(self);
        let mut colors = [0; 5];
        for c in cards.iter().filter_map(|c| c.color()) {
            colors[c as usize] += 1;
        }
        (colors, cards.len())
    }
    fn colors_lacked(&self, seat: Seat) -> u8 {
        Beliefs::from_view(self)
            .seats
            .get(usize::from(seat))
            .map_or(0, |s| s.colors_lacked())
    }
}

impl Table for Game {
    fn color_count(&self, seat: Seat, color: Color) -> usize {
        self.hand(seat).color_count(color)
    }
    fn hand_size(&self, seat: Seat) -> usize {
        self.hand(seat).len()
    }
    fn seat_count(&self) -> usize {
        self.players()
    }
    fn top(&self) -> Card {
        self.top_card()
    }
    fn current_color(&self) -> Option<Color> {
        self.color()
    }
    fn play_direction(&self) -> i8 {
        self.direction().step()
    }
    fn edition_colors(&self) -> [Color; 4] {
        self.rules().edition.rules().colors
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::{medium_with, MediumWeights};
    use uno_engine::{Action, Edition, Rng, Rules, Setup};

    /// A Classic table from a scenario file's setup.
    fn classic(setup: &str) -> Game {
        let setup: Setup = serde_json::from_str(setup).unwrap();
        Game::from_setup(Rules::new(Edition::Classic), setup, 1).unwrap()
    }

    #[test]
    fn a_view_reads_the_colors_a_seat_drew_on_and_medium_plays_into_them() {
        let mut game = classic(
            r#"{"hands": [["B2","G7"],["G3","G4","G6","R9"],["Y5","B4","G5"]],
                "draw_pile": ["Y9","Y1","B9","G8","G6"], "discard_pile": ["R3"],
                "color": "red", "turn": 2, "dealer": 1}"#,
        );
        // Seat 2 draws on a red 3 (no red, no 3, no Wild) and cannot play the yellow 9.
        game.apply(Action::Draw { seat: 2 }).unwrap();
        assert_eq!(game.turn(), 0);
        // Seat 1 is seat 2's neighbor: it reads red as lacking; seat 2's own table says nothing
        // of others, and a rollout's table follows nothing.
        let view = game.view(1);
        assert_eq!(view.colors_lacked(2), 1 << Color::Red as u8);
        assert_eq!(view.colors_lacked(0), 0);
        assert_eq!(game.colors_lacked(2), 0);
        game.apply(Action::Draw { seat: 0 }).unwrap();
        // On the red 3 seat 1 may play the green 3, the red 9 or the red 5: red leaves seat 2
        // nothing to play, so with the weight it plays a red card.
        let legal = game.legal_actions_for(1);
        let red =
            |a: &Action| matches!(a, Action::Play { card, .. } if card.color() == Some(Color::Red));
        let mut w = MediumWeights::DEFAULT;
        w.next_lacks = 1000;
        for seed in 0..10 {
            let choice = medium_with(&w, &game.view(1), 1, &legal, &mut Rng::new(seed));
            assert!(red(&choice), "{choice:?}");
        }
    }

    /// Seat 0's choices on its turn, over seeds 0 to 9, with `w`.
    fn choices(game: &Game, w: &MediumWeights) -> Vec<Card> {
        let (view, legal) = (game.view(0), game.legal_actions_for(0));
        (0..10)
            .map(
                |seed| match medium_with(w, &view, 0, &legal, &mut Rng::new(seed)) {
                    Action::Play { card, .. } => card,
                    other => panic!("{other:?}"),
                },
            )
            .collect()
    }

    #[test]
    fn medium_leaves_on_top_the_color_least_left_unseen() {
        // Fifteen greens are in the discard pile: of the 90 cards seat 0 has not seen, 9 are
        // green and 24 blue, so the next seat's 7 cards hold no green with a chance of 0.48
        // and no blue of 0.11: worth 9 and 2 points at 20.
        let game = classic(
            r#"{"hands": [["G2","B5","Y9"],["R1","R2","R3","R4","R6","R7","R8"],["Y1"]],
            "draw_pile": ["Y2","Y3"],
            "discard_pile": ["G0","G1","G3","G4","G6","G7","G8","G9","GS","GR","GD2","G1","G3","G4","G5"],
            "color": "green", "turn": 0, "dealer": 2}"#,
        );
        let (colors, all) = game.view(0).unseen(0);
        assert_eq!(
            (
                colors[Color::Green as usize],
                colors[Color::Blue as usize],
                all
            ),
            (9, 24, 90)
        );
        let g2: Card = "G2".parse().unwrap();
        assert_eq!(choices(&game, &MediumWeights::DEFAULT), vec![g2; 10]);
        // Without the weight the two plays tie, and the tie is broken at random.
        let w = MediumWeights {
            scarce: 0,
            ..MediumWeights::DEFAULT
        };
        assert!(choices(&game, &w).contains(&"B5".parse().unwrap()));
    }

    #[test]
    fn a_view_and_the_game_read_the_same_table_from_the_seat_to_play() {
        // Random play at tables of two to five, in editions of four colors each their own.
        let mut reversed = 0;
        for (edition, players) in [
            (Edition::Classic, 4),
            (Edition::Classic, 2),
            (Edition::Masters, 3),
            (Edition::ColorAdd, 5),
        ] {
            for seed in 0..6 {
                let mut game = Game::deal(Rules::new(edition), players, seed).unwrap();
                let mut rng = Rng::new(seed);
                for _ in 0..150 {
                    if game.outcome().is_some() {
                        break;
                    }
                    let seat = game.turn();
                    let view = game.view(seat);
                    let hand = game.hand(seat);
                    let mut held = [0; 5];
                    for c in hand.iter().filter_map(|c| c.color()) {
                        held[c as usize] += 1;
                    }
                    assert_eq!(view.color_counts(seat), held);
                    assert_eq!(game.color_counts(seat), held);
                    for c in view.edition_colors() {
                        assert_eq!(view.color_count(seat, c), held[c as usize] as usize);
                        assert_eq!(game.color_count(seat, c), held[c as usize] as usize);
                    }
                    let sizes: Vec<usize> = game.hands().iter().map(|h| h.len()).collect();
                    for s in 0..players as Seat {
                        assert_eq!(view.hand_size(s), sizes[usize::from(s)]);
                        assert_eq!(game.hand_size(s), sizes[usize::from(s)]);
                        let fewest = (0..players)
                            .filter(|&o| o != usize::from(s))
                            .map(|o| sizes[o])
                            .min();
                        assert_eq!(Some(view.fewest_other(s)), fewest);
                    }
                    assert_eq!((view.seat_count(), game.seat_count()), (players, players));
                    assert_eq!((view.top(), game.top()), (game.top_card(), game.top_card()));
                    let color = game.color();
                    assert_eq!((view.current_color(), game.current_color()), (color, color));
                    let step = game.direction().step();
                    assert_eq!((view.play_direction(), game.play_direction()), (step, step));
                    reversed += usize::from(step == -1);
                    // Unseen from the seat: the draw pile and the other hands; a rollout's
                    // table counts none.
                    let mut hidden = game.draw_pile();
                    for s in (0..players).filter(|&s| s != usize::from(seat)) {
                        hidden.extend(game.hands()[s].iter());
                    }
                    let mut colors = [0; 5];
                    for c in hidden.iter().filter_map(|c| c.color()) {
                        colors[c as usize] += 1;
                    }
                    assert_eq!(view.unseen(seat), (colors, hidden.len()));
                    assert_eq!(game.unseen(seat), ([0; 5], 0));
                    let legal = game.legal_actions();
                    game.apply(crate::policy::random(&legal, &mut rng)).unwrap();
                }
            }
        }
        assert!(reversed > 100, "{reversed} turns with play going right");
    }

    #[test]
    fn seats_are_counted_in_the_direction_of_play() {
        let mut game = classic(
            r#"{"hands": [["RR","B5"],["R1","R2"],["Y1","Y2"],["G1","G2"]],
            "draw_pile": ["Y3","Y4"], "discard_pile": ["R3"],
            "color": "red", "turn": 0, "dealer": 3}"#,
        );
        let ahead = |game: &Game| {
            [
                game.seat_from(0, 1),
                game.seat_from(0, 2),
                game.seat_from(0, -1),
            ]
        };
        assert_eq!(ahead(&game), [1, 2, 3]);
        game.apply(Action::Play {
            seat: 0,
            card: "RR".parse().unwrap(),
            color: None,
        })
        .unwrap();
        assert_eq!(ahead(&game), [3, 2, 1]);
        assert_eq!(game.view(3).seat_from(3, 1), 2);
    }
}
