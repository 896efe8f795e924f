//! What the page asks the bot worker, and what it answers. Runs off the main thread so the
//! page never freezes while a bot thinks.

use gloo_worker::oneshot::oneshot;
use serde::{Deserialize, Serialize};

/// A request from the page to the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BotRequest {
    /// Asks the worker to report what it can play: sent once when the page starts.
    Hello,
}

/// The worker's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BotReply {
    /// The worker is running; the editions its engine knows.
    Ready { editions: Vec<String> },
}

/// Answers one request per call.
#[oneshot]
pub async fn BotWorker(request: BotRequest) -> BotReply {
    answer(request)
}

/// The worker's logic, kept as a plain function so native tests can call it.
#[must_use]
pub fn answer(request: BotRequest) -> BotReply {
    match request {
        BotRequest::Hello => BotReply::Ready {
            editions: uno_engine::Edition::ALL
                .iter()
                .map(|e| e.to_string())
                .collect(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hello_lists_the_five_editions() {
        let BotReply::Ready { editions } = answer(BotRequest::Hello);
        assert_eq!(
            editions,
            [
                "Classic",
                "Classic with Blank cards",
                "Masters of the Universe",
                "Spider-Man",
                "ColorADD"
            ]
        );
    }
}
