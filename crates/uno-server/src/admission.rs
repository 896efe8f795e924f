//! Who is let in: the connections open (the server's and each network's, against
//! `--max-connections` and `--connections-per-address`), why one is refused, and the refusals
//! the host is told of, each once.

use crate::address::Network;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Why a connection was not let in. The socket is opened all the same and closed at once
/// with `close_code` and `message` as the close frame's reason, which a browser's page can
/// read (an HTTP refusal of the upgrade it cannot), so a player, or a host trying the site,
/// reads why instead of "no server answers".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The page's origin is neither the site's own nor one named with `--allow-origin`.
    Origin,
    /// The server holds `max_connections`.
    Full,
    /// The network asking holds `connections_per_address`.
    NetworkFull,
}

impl Refused {
    /// One sentence, at most 123 bytes (a close frame's reason).
    #[must_use]
    pub fn message(self) -> &'static str {
        match self {
            Refused::Origin => {
                "Pages from this site may not open rooms on this server (its host can allow them \
                 with --allow-origin)."
            }
            Refused::Full => "The server is full; try again later.",
            Refused::NetworkFull => {
                "Too many connections from your network; close some of its game tabs and try again."
            }
        }
    }

    /// The WebSocket close code: 1008 (policy) for a page not let in, 1013 (try again later)
    /// for a server or a network at its cap.
    #[must_use]
    pub fn close_code(self) -> u16 {
        match self {
            Refused::Origin => 1008,
            Refused::Full | Refused::NetworkFull => 1013,
        }
    }
}

/// The connections open: in all, and from each network counted (`Network::of`).
#[derive(Default)]
pub struct Connections {
    open: AtomicUsize,
    from: Mutex<HashMap<Network, usize>>,
}

impl Connections {
    /// How many are open.
    #[must_use]
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    fn from(&self) -> MutexGuard<'_, HashMap<Network, usize>> {
        self.from.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts one more from `from`, under `max` in all and `per_network` from one network;
    /// or says why not, counting nothing. Each `Ok` is given back by one `release(from)`.
    pub fn take(
        &self,
        from: Option<Network>,
        max: usize,
        per_network: usize,
    ) -> Result<(), Refused> {
        if self.open.fetch_add(1, Ordering::Relaxed) >= max {
            self.open.fetch_sub(1, Ordering::Relaxed);
            return Err(Refused::Full);
        }
        if let Some(network) = from {
            let mut open_from = self.from();
            let n = open_from.entry(network).or_insert(0);
            if *n >= per_network {
                drop(open_from);
                self.open.fetch_sub(1, Ordering::Relaxed);
                return Err(Refused::NetworkFull);
            }
            *n += 1;
        }
        Ok(())
    }

    /// A connection taken from `from` closed.
    pub fn release(&self, from: Option<Network>) {
        self.open.fetch_sub(1, Ordering::Relaxed);
        if let Some(network) = from {
            let mut open_from = self.from();
            if let Some(n) = open_from.get_mut(&network) {
                *n -= 1;
                if *n == 0 {
                    open_from.remove(&network);
                }
            }
        }
    }
}

/// What the host's log said once (a refused origin, an address at its room cap): a flood of
/// refusals is one line, not one per request.
#[derive(Default)]
pub struct Told(Mutex<HashSet<String>>);

impl Told {
    /// At most this many things are remembered, so the set cannot grow without end.
    const MOST: usize = 256;

    /// Whether `what` is news (the first time it happens): the caller then logs it.
    pub fn first(&self, what: String) -> bool {
        let mut told = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        told.len() < Self::MOST && told.insert(what)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_counted_in_all_and_per_network_and_given_back() {
        let c = Connections::default();
        let a = Network::of("203.0.113.7".parse().unwrap());
        let b = Network::of("203.0.113.8".parse().unwrap());
        assert_eq!(c.take(a, 3, 2), Ok(()));
        assert_eq!(c.take(a, 3, 2), Ok(()));
        assert_eq!(c.take(a, 3, 2), Err(Refused::NetworkFull));
        assert_eq!(c.open(), 2, "a refusal counts nothing");
        assert_eq!(c.take(None, 3, 2), Ok(()), "a network not counted");
        assert_eq!(c.take(b, 3, 2), Err(Refused::Full));
        c.release(a);
        assert_eq!(c.take(b, 3, 2), Ok(()));
        assert_eq!(c.take(a, 4, 2), Ok(()), "a's place given back");
        assert_eq!(c.open(), 4);
        assert_eq!(
            c.take(a, 9, 2),
            Err(Refused::NetworkFull),
            "and only the one"
        );
        c.release(a);
        c.release(a);
        assert_eq!(c.take(a, 9, 2), Ok(()));
        assert_eq!(c.take(a, 9, 2), Ok(()));
        assert_eq!(c.take(a, 9, 2), Err(Refused::NetworkFull));
    }

    #[test]
    fn a_refusals_reason_fits_a_close_frame() {
        for refused in [Refused::Origin, Refused::Full, Refused::NetworkFull] {
            assert!(refused.message().len() <= 123, "{refused:?}");
        }
    }

    #[test]
    fn each_thing_is_told_once() {
        let told = Told::default();
        assert!(told.first("origin https://a.example".into()));
        assert!(!told.first("origin https://a.example".into()));
        assert!(told.first("origin https://b.example".into()));
    }

    #[test]
    fn what_is_told_is_remembered_up_to_a_bound() {
        let told = Told::default();
        for n in 0..Told::MOST {
            assert!(told.first(format!("address {n}")), "{n}");
        }
        // Full: nothing more is news, so a flood of new addresses logs no more lines.
        assert!(!told.first("address new".into()));
        assert!(!told.first("address 0".into()));
        assert_eq!(told.0.lock().unwrap().len(), Told::MOST);
    }
}
