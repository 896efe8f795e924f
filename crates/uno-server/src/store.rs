//! Where rooms are kept between changes: one small trait, so that a shared database can hold
//! the rooms when one machine is not enough, and its embedded default, a SQLite file.

use rusqlite::{params, Connection};
use std::path::Path;
use std::sync::Mutex;

/// A room as stored: its code, its JSON (`Room` whole), and when it last changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRoom {
    pub code: String,
    pub json: String,
    pub updated: u64,
}

/// Keeps rooms. `save` returns only once the room is written: the server tells no one of a
/// change before that.
pub trait RoomStore: Send + Sync + 'static {
    fn save(&self, room: &StoredRoom) -> Result<(), String>;
    fn remove(&self, code: &str) -> Result<(), String>;
    fn load_all(&self) -> Result<Vec<StoredRoom>, String>;
    /// Whether the store answers now (the host's health check asks): an error says why not.
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
}

/// Rooms in an embedded SQLite file (write-ahead log: a killed server loses nothing written).
pub struct SqliteStore {
    db: Mutex<Connection>,
}

impl SqliteStore {
    /// Opens (or creates) the file.
    pub fn open(path: &Path) -> Result<SqliteStore, String> {
        let db = Connection::open(path)
            .map_err(|e| format!("cannot open the room file {}: {e}", path.display()))?;
        db.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = NORMAL;
             PRAGMA busy_timeout = 5000;
             CREATE TABLE IF NOT EXISTS rooms (
                 code TEXT PRIMARY KEY,
                 json TEXT NOT NULL,
                 updated INTEGER NOT NULL
             );",
        )
        .map_err(|e| format!("cannot prepare the room file {}: {e}", path.display()))?;
        Ok(SqliteStore { db: Mutex::new(db) })
    }

    fn db(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite half-written: keep going.
        self.db
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl RoomStore for SqliteStore {
    fn save(&self, room: &StoredRoom) -> Result<(), String> {
        self.db()
            .prepare_cached(
                "INSERT INTO rooms (code, json, updated) VALUES (?1, ?2, ?3)
                 ON CONFLICT(code) DO UPDATE SET json = excluded.json, updated = excluded.updated",
            )
            .and_then(|mut s| s.execute(params![room.code, room.json, room.updated as i64]))
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn remove(&self, code: &str) -> Result<(), String> {
        self.db()
            .execute("DELETE FROM rooms WHERE code = ?1", params![code])
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn load_all(&self) -> Result<Vec<StoredRoom>, String> {
        let db = self.db();
        let mut s = db
            .prepare("SELECT code, json, updated FROM rooms")
            .map_err(|e| e.to_string())?;
        let rows = s
            .query_map([], |row| {
                Ok(StoredRoom {
                    code: row.get(0)?,
                    json: row.get(1)?,
                    updated: row.get::<_, i64>(2)? as u64,
                })
            })
            .map_err(|e| e.to_string())?;
        rows.collect::<Result<_, _>>().map_err(|e| e.to_string())
    }

    fn check(&self) -> Result<(), String> {
        // A read of the rooms' table: the file is there, readable, and not locked for long.
        self.db()
            .query_row("SELECT count(*) FROM rooms", [], |row| row.get::<_, i64>(0))
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rooms_are_saved_replaced_and_removed() {
        let dir = std::env::temp_dir().join(format!("uno-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("rooms.sqlite");
        let _ = std::fs::remove_file(&path);
        let store = SqliteStore::open(&path).unwrap();
        let a = StoredRoom {
            code: "AAAAAA".into(),
            json: "{}".into(),
            updated: 5,
        };
        store.save(&a).unwrap();
        store
            .save(&StoredRoom {
                json: "{\"v\":2}".into(),
                updated: 6,
                ..a.clone()
            })
            .unwrap();
        drop(store);
        // A second opening reads what the first wrote.
        let store = SqliteStore::open(&path).unwrap();
        let all = store.load_all().unwrap();
        assert_eq!(
            all,
            [StoredRoom {
                code: "AAAAAA".into(),
                json: "{\"v\":2}".into(),
                updated: 6
            }]
        );
        store.remove("AAAAAA").unwrap();
        assert!(store.load_all().unwrap().is_empty());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn the_check_says_when_the_rooms_cannot_be_read() {
        let dir = std::env::temp_dir().join(format!("uno-store-check-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("rooms.sqlite");
        let _ = std::fs::remove_file(&path);
        let store = SqliteStore::open(&path).unwrap();
        assert_eq!(store.check(), Ok(()));
        // Someone drops the table behind the server's back.
        Connection::open(&path)
            .unwrap()
            .execute_batch("DROP TABLE rooms")
            .unwrap();
        let error = store.check().unwrap_err();
        assert!(error.contains("no such table: rooms"), "{error}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
