//! The seats around a table and the way play goes round them.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A seat at the table, numbered from 0 in the starting direction of play ("to the left").
pub type Seat = u8;

/// The direction of play. Seats are numbered to the left, so `Left` goes up the seat numbers
/// and `Right` down. In JSON (scenario files, saved games, views, events) it is `1` or `-1`.
/// (Its value is its step, so finding the next seat costs no branch.)
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[repr(i8)]
pub enum Direction {
    /// Seat 0, 1, 2, ...: the direction every round starts in.
    #[default]
    Left = 1,
    /// ... 2, 1, 0: after a Reverse.
    Right = -1,
}

impl Direction {
    /// The step from one seat to the next: `1` or `-1`.
    #[must_use]
    #[inline]
    pub const fn step(self) -> i8 {
        self as i8
    }

    /// The other way round.
    #[must_use]
    pub const fn reversed(self) -> Direction {
        match self {
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }

    /// The direction whose step is `step`, if it is `1` or `-1`.
    #[must_use]
    pub const fn from_step(step: i8) -> Option<Direction> {
        match step {
            1 => Some(Direction::Left),
            -1 => Some(Direction::Right),
            _ => None,
        }
    }
}

impl Serialize for Direction {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i8(self.step())
    }
}

impl<'de> Deserialize<'de> for Direction {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Direction, D::Error> {
        let step = i64::deserialize(deserializer)?;
        i8::try_from(step)
            .ok()
            .and_then(Direction::from_step)
            .ok_or_else(|| {
                serde::de::Error::custom(format!("direction must be 1 or -1, not {step}"))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::Direction;

    #[test]
    fn a_direction_is_one_or_minus_one_in_json() {
        assert_eq!(serde_json::to_string(&Direction::Left).unwrap(), "1");
        assert_eq!(serde_json::to_string(&Direction::Right).unwrap(), "-1");
        assert_eq!(
            serde_json::from_str::<Direction>("-1").unwrap(),
            Direction::Right
        );
        let err = serde_json::from_str::<Direction>("2").unwrap_err();
        assert!(err.to_string().contains("direction must be 1 or -1, not 2"));
        assert_eq!(Direction::Left.reversed(), Direction::Right);
    }
}
