//! Where the page keeps things between visits (`localStorage`): the New game options, the game
//! in progress (saved after every move, checked as it is read back), an unreadable save set
//! aside, and the earlier game a link or Leave table set aside. Also what the page's address
//! asks for on the first load.

use crate::browser_storage::{self as kept, Kept};
use crate::link::Link;
use crate::options::Options;
use crate::state::TableState;
use crate::table::local::Match;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

pub const OPTIONS_KEY: &str = "uno-table.options";
pub const GAME_KEY: &str = "uno-table.game";
/// Where a saved game that could not be read is set aside.
pub const UNREADABLE_KEY: &str = "uno-table.game.unreadable";
/// Where the game in progress waits after the player left its table or a link's game
/// replaced it. One waits at a time, and it stays until it is resumed or a New game is
/// started instead: a game left or replaced while one waits is the later one, not kept.
pub const EARLIER_KEY: &str = "uno-table.game.earlier";

/// The game in progress as this tab last saw it kept, by its own save or another tab's (tabs
/// of this site share the storage). A tab saves only over what it saw, so one left behind
/// never saves over a game another tab played on: it takes that game up instead.
pub struct SavedGame {
    seen: RefCell<Option<String>>,
    /// Games taken up from other tabs so far: a save asked for before one is dropped.
    taken_up: Cell<u64>,
}

impl SavedGame {
    /// What is kept now.
    #[must_use]
    pub fn seen_now() -> SavedGame {
        SavedGame {
            seen: RefCell::new(kept::get(GAME_KEY)),
            taken_up: Cell::new(0),
        }
    }

    /// The ticket of a save asked for now.
    #[must_use]
    pub fn ticket(&self) -> u64 {
        self.taken_up.get()
    }

    /// Keeps `game` (none: removes the game in progress), unless a game was taken up since
    /// `ticket`, or another tab saved since this one last looked: then returns what it kept,
    /// to take up instead (as `take_up`).
    pub fn save(&self, ticket: u64, game: Option<&Match>) -> Option<Newer> {
        if ticket != self.taken_up.get() {
            return None;
        }
        let kept_now = kept::get(GAME_KEY);
        if kept_now != *self.seen.borrow() {
            return self.take_up();
        }
        let Some(m) = game else {
            kept::delete(GAME_KEY);
            *self.seen.borrow_mut() = None;
            return None;
        };
        if let Ok(text) = serde_json::to_string(m) {
            if kept_now.as_ref() != Some(&text) && kept::set(GAME_KEY, &text) {
                *self.seen.borrow_mut() = Some(text);
            }
        }
        None
    }

    /// What another tab kept since this one last looked (`None`: nothing changed). A game
    /// this page cannot read is never saved over: this tab saves nothing more.
    pub fn take_up(&self) -> Option<Newer> {
        let kept_now = kept::get(GAME_KEY);
        if kept_now == *self.seen.borrow() {
            return None;
        }
        let game = match &kept_now {
            Some(text) => match serde_json::from_str::<Match>(text) {
                Ok(m) => Some(Box::new(m)),
                Err(_) => return Some(Newer::Unreadable),
            },
            None => None,
        };
        *self.seen.borrow_mut() = kept_now;
        self.taken_up.set(self.taken_up.get() + 1);
        Some(Newer::Game(game))
    }
}

/// What another tab of this site kept in place of the game this tab last saw.
pub enum Newer {
    /// Its game, to show here too; none when it went back to New game.
    Game(Option<Box<Match>>),
    /// A game this page cannot read: kept by a newer version of the site, which a reload
    /// brings here (or, set aside there, a save spoilt since).
    Unreadable,
}

/// The game saved under `key`, if there is one; a save that cannot be read is reported and
/// set aside.
pub fn load_game(key: &str) -> (Option<Match>, Option<String>) {
    match kept::get_json::<Match>(key) {
        // A finished game is not resumed.
        Kept::Read(m) if !m.is_over() => (Some(m.resumed()), None),
        Kept::Read(_) | Kept::Nothing => (None, None),
        Kept::Unreadable(raw) => {
            set_aside_unreadable(key, &raw);
            (
                None,
                Some(
                    "Your saved game could not be read, so it was set aside: start a new one."
                        .into(),
                ),
            )
        }
    }
}

/// The table the page opens on. A link with game parameters deals that game; otherwise the
/// saved game resumes. The address loses its query once read, so a reload resumes the game
/// instead of dealing it again; a link that asks for no possible game loses nothing.
pub fn first_table(options: &Options) -> TableState {
    let mut link_notice = None;
    if let Some(link) = Link::parse(&location_query(), options) {
        forget_query();
        link_notice = link.notice.clone();
        if link.understood {
            match link.into_match(new_seed()) {
                Ok(m) => {
                    let (kept, unreadable) = set_aside_game_in_progress();
                    return TableState {
                        current: Some(Rc::new(m)),
                        notice: sentences([link_notice, unreadable, kept]),
                        ..TableState::default()
                    };
                }
                Err(e) => link_notice = Some(e),
            }
        }
    }
    let (current, notice) = load_game(GAME_KEY);
    TableState {
        current: current.map(Rc::new),
        notice: sentences([link_notice, notice]),
        ..TableState::default()
    }
}

/// Before a link's game replaces it, the saved game in progress waits for the player to come
/// back to it. Returns what to tell the player, and the notice of a save that could not be read.
fn set_aside_game_in_progress() -> (Option<String>, Option<String>) {
    let (current, unreadable) = load_game(GAME_KEY);
    let told = current
        .is_some_and(|m| set_aside(&m))
        .then(|| "Your game in progress is kept: leave this table to resume it.".into());
    (told, unreadable)
}

/// Keeps `m` under `EARLIER_KEY` unless its game is over or another game waits there already;
/// whether it was kept.
pub fn set_aside(m: &Match) -> bool {
    !earlier_game_waits() && !m.is_over() && kept::set_json(EARLIER_KEY, m)
}

/// Whether a game that can be resumed waits under `EARLIER_KEY`. One that cannot be read is
/// set aside (under `UNREADABLE_KEY`) instead of being offered, and no longer blocks keeping
/// the game in progress.
pub fn earlier_game_waits() -> bool {
    match kept::get_json::<Match>(EARLIER_KEY) {
        Kept::Read(m) => !m.is_over(),
        Kept::Nothing => false,
        Kept::Unreadable(raw) => {
            set_aside_unreadable(EARLIER_KEY, &raw);
            false
        }
    }
}

/// A game set aside as unreadable that reads now waits to be resumed, if no other game
/// waits: an older version of the site (a stale copy of it, offline) set aside a newer one's
/// game, which this version reads. Called as the page opens, after its first table.
pub fn take_back_set_aside_game() {
    if let (Kept::Nothing, Kept::Read(m)) = (
        kept::get_json::<Match>(EARLIER_KEY),
        kept::get_json::<Match>(UNREADABLE_KEY),
    ) {
        if !m.is_over() && kept::set_json(EARLIER_KEY, &m) {
            kept::delete(UNREADABLE_KEY);
        }
    }
}

/// Whether a game another tab set aside waits, as far as this page can read it: one it
/// cannot is left where it is (a newer version of the site, open in that tab, kept it).
pub fn earlier_game_kept() -> bool {
    matches!(kept::get_json::<Match>(EARLIER_KEY), Kept::Read(m) if !m.is_over())
}

/// A save under `key` that cannot be read moves to `UNREADABLE_KEY`: kept, not lost (the next
/// save under `key` would overwrite it).
fn set_aside_unreadable(key: &str, raw: &str) {
    kept::set(UNREADABLE_KEY, raw);
    kept::delete(key);
}

/// The page address's query string (`?edition=...`), empty outside a browser.
fn location_query() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        String::new()
    }
}

/// The notices that are there, as one text.
fn sentences<const N: usize>(notices: [Option<String>; N]) -> Option<String> {
    let text = notices.into_iter().flatten().collect::<Vec<_>>().join(" ");
    (!text.is_empty()).then_some(text)
}

/// Drops the query from the address bar (no reload, no new history entry).
fn forget_query() {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        let path = window.location().pathname().unwrap_or_default();
        let hash = window.location().hash().unwrap_or_default();
        crate::back::replace_url(&format!("{path}{hash}"));
    }
}

/// A new game's seed, from the browser's random numbers: the only randomness outside the
/// engine.
#[must_use]
pub fn new_seed() -> u64 {
    #[cfg(target_arch = "wasm32")]
    let random = js_sys::Math::random();
    #[cfg(not(target_arch = "wasm32"))]
    let random = 0.5;
    (random * 1e15) as u64
}

/// What earlier versions of the site kept still reads (`tests/saved/`).
#[cfg(test)]
mod saved_by_earlier_versions;
