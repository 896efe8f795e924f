//! What a heuristic reads of the table: one seat's hand and the public state. Implemented by
//! a `PlayerView` (for a bot at the table) and by a `Game` (for the rollouts of a search, where
//! each simulated seat reads only its own hand).

use uno_engine::{Card, Color, Game, PlayerView, Seat};

pub trait Table {
    /// How many cards of `color` `seat` holds; `seat` must be the seat deciding.
    fn color_count(&self, seat: Seat, color: Color) -> usize;
    fn hand_size(&self, seat: Seat) -> usize;
    fn seat_count(&self) -> usize;
    fn top(&self) -> Card;
    fn current_color(&self) -> Option<Color>;
    fn play_direction(&self) -> i8;
    fn edition_colors(&self) -> [Color; 4];

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
