//! Whose request it is, for the caps one network may hold (`--rooms-per-address`,
//! `--connections-per-address`): the address a connection comes from, or behind a proxy the
//! one the proxy says it came from. Only addresses on the Internet are counted: a proxy on
//! this machine or this network would otherwise put every player under one cap, and the
//! players of a LAN game are the host's own.

use axum::http::HeaderMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};

/// A network whose rooms and connections are counted: an IPv4 address, or an IPv6 /64 (what
/// one home or one phone is given, so that walking through its addresses gains nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Network(IpAddr);

impl Network {
    /// The network of `ip`, or `None` for one not counted (loopback, private, link-local,
    /// unspecified: this machine and its own network).
    #[must_use]
    pub fn of(ip: IpAddr) -> Option<Network> {
        match ip.to_canonical() {
            IpAddr::V4(v4) => {
                let local = v4.is_loopback()
                    || v4.is_private()
                    || v4.is_link_local()
                    || v4.is_unspecified()
                    // 100.64.0.0/10: a carrier's shared addresses, as private as 10/8 to us.
                    || (v4.octets()[0] == 100 && v4.octets()[1] & 0xc0 == 64);
                (!local).then_some(Network(IpAddr::V4(v4)))
            }
            IpAddr::V6(v6) => {
                let first = v6.segments()[0];
                let local = v6.is_loopback()
                    || v6.is_unspecified()
                    || first & 0xfe00 == 0xfc00 // unique local, fc00::/7
                    || first & 0xffc0 == 0xfe80; // link-local, fe80::/10
                let prefix = u128::from(v6) & !u128::from(u64::MAX);
                (!local).then_some(Network(IpAddr::V6(Ipv6Addr::from(prefix))))
            }
        }
    }

    /// The network a request comes from: its peer's, or with `forwarded_for` (a proxy in
    /// front that the host trusts) the last address of `X-Forwarded-For`, the one that proxy
    /// appended; the peer's when the header is missing or unreadable.
    #[must_use]
    pub fn asking(
        peer: Option<SocketAddr>,
        headers: &HeaderMap,
        forwarded_for: bool,
    ) -> Option<Network> {
        let forwarded = forwarded_for
            .then(|| {
                let value = headers.get_all("x-forwarded-for").iter().next_back()?;
                let last = value.to_str().ok()?.rsplit(',').next()?.trim();
                last.parse::<IpAddr>().ok()
            })
            .flatten();
        Network::of(forwarded.or(peer.map(|p| p.ip()))?)
    }
}

impl std::fmt::Display for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            IpAddr::V4(v4) => write!(f, "{v4}"),
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn net(s: &str) -> Option<String> {
        Network::of(s.parse().unwrap()).map(|n| n.to_string())
    }

    #[test]
    fn only_internet_addresses_are_counted_and_ipv6_by_its_64() {
        for local in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.9",
            "192.168.1.20",
            "169.254.3.3",
            "100.64.0.1",
            "100.127.255.254",
            "0.0.0.0",
            "::1",
            "::",
            "fd12:3456::1",
            "fe80::1",
            "::ffff:192.168.1.20",
        ] {
            assert_eq!(net(local), None, "{local}");
        }
        assert_eq!(net("203.0.113.7").as_deref(), Some("203.0.113.7"));
        assert_eq!(net("100.128.0.1").as_deref(), Some("100.128.0.1"));
        assert_eq!(net("::ffff:203.0.113.7").as_deref(), Some("203.0.113.7"));
        assert_eq!(
            net("2001:db8:1:2:aaaa:bbbb:cccc:dddd").as_deref(),
            Some("2001:db8:1:2::/64")
        );
        assert_eq!(
            net("2001:db8:1:2::9"),
            net("2001:db8:1:2:ffff::1"),
            "one /64, one network"
        );
        assert_ne!(net("2001:db8:1:2::9"), net("2001:db8:1:3::9"));
    }

    #[test]
    fn a_proxys_forwarded_address_is_read_only_when_trusted() {
        let peer: SocketAddr = "198.51.100.1:4000".parse().unwrap();
        let mut h = HeaderMap::new();
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("1.1.1.1, 203.0.113.7"),
        );
        let asking = |h: &HeaderMap, trusted| Network::asking(Some(peer), h, trusted);
        assert_eq!(asking(&h, false).unwrap().to_string(), "198.51.100.1");
        // The last entry is the one the trusted proxy wrote; the ones before it, anyone could.
        assert_eq!(asking(&h, true).unwrap().to_string(), "203.0.113.7");
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("not an address"),
        );
        assert_eq!(asking(&h, true).unwrap().to_string(), "198.51.100.1");
        h.insert("x-forwarded-for", HeaderValue::from_static("192.168.0.4"));
        assert_eq!(asking(&h, true), None, "a LAN player behind the proxy");
        assert_eq!(
            asking(&HeaderMap::new(), true).unwrap().to_string(),
            "198.51.100.1"
        );
        let local: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        assert_eq!(Network::asking(Some(local), &HeaderMap::new(), false), None);
        assert_eq!(Network::asking(None, &HeaderMap::new(), false), None);
    }
}
