//! The room store's one writer: a thread of its own that makes every write, in the order asked.
//! A write blocks (SQLite may wait on the disk or a lock), and a runtime worker blocked on one
//! stops every task, socket and timer queued behind it; a worker handing itself off for each
//! write instead (`block_in_place`) costs a thread switch a move, which a thousand rooms feel.
//! Here a room's task sends its write and awaits the answer: no worker ever waits on the disk.

use crate::hub::log;
use crate::store::{RoomStore, StoredRoom};
use std::sync::{mpsc, Arc};
use tokio::sync::oneshot;

enum Job {
    Save(StoredRoom, oneshot::Sender<Result<(), String>>),
    Remove(String),
}

/// Sends writes to the store's thread; the thread ends when this is dropped.
pub struct StoreWriter {
    jobs: mpsc::Sender<Job>,
}

impl StoreWriter {
    /// Starts the thread that writes to `store`.
    pub fn start(store: Arc<dyn RoomStore>) -> Result<StoreWriter, String> {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("room-store".into())
            .spawn(move || {
                for job in queue {
                    match job {
                        // The room's task may have gone meanwhile: nothing waits for the answer.
                        Job::Save(room, done) => drop(done.send(unpanicked(|| store.save(&room)))),
                        Job::Remove(code) => {
                            if let Err(e) = unpanicked(|| store.remove(&code)) {
                                log(format_args!("room {code} could not be removed: {e}"));
                            }
                        }
                    }
                }
            })
            .map_err(|e| format!("cannot start the room store's thread: {e}"))?;
        Ok(StoreWriter { jobs })
    }

    /// Writes `room`; returns once it is written (or could not be).
    pub async fn save(&self, room: StoredRoom) -> Result<(), String> {
        let (done, written) = oneshot::channel();
        self.jobs
            .send(Job::Save(room, done))
            .map_err(|_| STOPPED.to_string())?;
        written.await.unwrap_or_else(|_| Err(STOPPED.into()))
    }

    /// Removes the room `code`, after every write asked before; a failure is logged.
    pub fn remove(&self, code: &str) {
        if self.jobs.send(Job::Remove(code.to_string())).is_err() {
            log(format_args!("room {code} could not be removed: {STOPPED}"));
        }
    }
}

/// `write`'s result, a panic in it made an error: one write that panics fails that write alone,
/// not the thread every room writes through.
fn unpanicked(write: impl FnOnce() -> Result<(), String>) -> Result<(), String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(write))
        .unwrap_or_else(|_| Err("the room store failed (a panic)".into()))
}

/// Said should the writer's thread have ended (it outlives its `StoreWriter`, and a store's
/// panic is caught): the write is refused in words rather than the server panicking.
const STOPPED: &str = "the room store's thread has stopped";

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Rooms in memory, in the order written; a room coded `PANICS` panics the store, one coded
    /// `FAILS` fails.
    #[derive(Default)]
    struct Kept(Mutex<Vec<String>>);

    impl RoomStore for Kept {
        fn save(&self, room: &StoredRoom) -> Result<(), String> {
            match room.code.as_str() {
                "PANICS" => panic!("a store that panics"),
                "FAILS" => Err("disk I/O error".into()),
                code => {
                    self.0.lock().unwrap().push(format!("{code} {}", room.json));
                    Ok(())
                }
            }
        }
        fn remove(&self, code: &str) -> Result<(), String> {
            self.0.lock().unwrap().push(format!("{code} removed"));
            Ok(())
        }
        fn load_all(&self) -> Result<Vec<StoredRoom>, String> {
            Ok(Vec::new())
        }
    }

    fn room(code: &str, json: &str) -> StoredRoom {
        StoredRoom {
            code: code.into(),
            json: json.into(),
            updated: 0,
        }
    }

    #[test]
    fn writes_are_made_in_order_and_a_failing_or_panicking_one_fails_alone() {
        let kept = Arc::new(Kept::default());
        let writer = StoreWriter::start(kept.clone()).unwrap();
        // A runtime of one thread: the writer needs no worker to hand off.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            assert_eq!(writer.save(room("AAAAAA", "1")).await, Ok(()));
            assert_eq!(
                writer.save(room("FAILS", "2")).await,
                Err("disk I/O error".into())
            );
            assert_eq!(
                writer.save(room("PANICS", "3")).await,
                Err("the room store failed (a panic)".into())
            );
            writer.remove("AAAAAA");
            assert_eq!(writer.save(room("BBBBBB", "4")).await, Ok(()));
        });
        assert_eq!(
            *kept.0.lock().unwrap(),
            ["AAAAAA 1", "AAAAAA removed", "BBBBBB 4"]
        );
    }
}
