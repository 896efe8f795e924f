//! A room's link as a QR code: friends around the table open the room by pointing a phone's
//! camera at the lobby, with nothing to type. The drawing is one SVG path of the dark modules,
//! each run of them along a row one rectangle, so the page holds a few hundred short commands.

use std::fmt::Write;

use qrcodegen::{QrCode, QrCodeEcc};

/// A QR code to draw: its side in modules (without the quiet zone) and the path of its dark
/// modules, one module a unit.
#[derive(Debug, PartialEq, Eq)]
pub struct QrDrawing {
    pub side: usize,
    pub path: String,
}

/// `text` as a QR code (error correction M, read through a smudge or a glare), or `None` when
/// it is too long for one.
#[must_use]
pub fn drawing(text: &str) -> Option<QrDrawing> {
    let code = QrCode::encode_text(text, QrCodeEcc::Medium).ok()?;
    let side = usize::try_from(code.size()).ok()?;
    let dark = |x: usize, y: usize| code.get_module(x as i32, y as i32);
    let mut path = String::new();
    for y in 0..side {
        let mut x = 0;
        while x < side {
            if !dark(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while x < side && dark(x, y) {
                x += 1;
            }
            let _ = write!(path, "M{start} {y}h{}v1H{start}z", x - start);
        }
    }
    Some(QrDrawing { side, path })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dark modules a path draws, read back from its rectangles.
    fn modules(d: &QrDrawing) -> Vec<bool> {
        let mut dark = vec![false; d.side * d.side];
        for rect in d.path.split('M').filter(|r| !r.is_empty()) {
            let (x, rest) = rect.split_once(' ').unwrap();
            let (y, rest) = rest.split_once('h').unwrap();
            let (run, _) = rest.split_once('v').unwrap();
            let (x, y, run): (usize, usize, usize) =
                (x.parse().unwrap(), y.parse().unwrap(), run.parse().unwrap());
            for m in &mut dark[y * d.side + x..y * d.side + x + run] {
                assert!(!*m, "each module is drawn once");
                *m = true;
            }
        }
        dark
    }

    #[test]
    fn a_rooms_link_draws_every_dark_module_of_its_code_and_no_other() {
        let link = "https://uno.example.org/play/?room=FSVXD7";
        let d = drawing(link).unwrap();
        let code = QrCode::encode_text(link, QrCodeEcc::Medium).unwrap();
        // 41 bytes at level M take version 3: 29 modules a side.
        assert_eq!(d.side, 29);
        let expected: Vec<bool> = (0..29)
            .flat_map(|y| (0..29).map(move |x| (x, y)))
            .map(|(x, y)| code.get_module(x, y))
            .collect();
        assert_eq!(modules(&d), expected);
        // The three finder squares: a full row of seven at the top left and right, and at the
        // bottom left.
        assert!(d.path.starts_with("M0 0h7v1H0z"), "{}", &d.path[..40]);
        assert!(d.path.contains("M22 0h7v1H22z"));
        assert!(d.path.contains("M0 28h7v1H0z"));
    }

    #[test]
    fn a_text_too_long_for_any_code_draws_none() {
        assert_eq!(drawing(&"x".repeat(3000)), None);
        assert!(drawing("http://192.168.1.20:8080/?room=ABC123").is_some());
    }
}
