//! An external bot: a command that reads `{"view": ..., "legal": [...]}` lines on standard
//! input and answers each with one action as a JSON line (docs/SCENARIOS.md).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;
use uno_bots::Bot;
use uno_engine::{Action, PlayerView};

pub struct ExternalBot {
    command: String,
    child: Child,
    input: ChildStdin,
    /// The bot's output lines, read by a thread of their own so that waiting can time out.
    answers: Receiver<String>,
    /// How long one answer may take.
    deadline: Duration,
    /// Set once an answer did not come in time: the bot is not asked again, since a late
    /// answer would be read as the answer to the next decision.
    silent: bool,
    /// Decisions with no answer, or one not in the legal list (the first legal action was
    /// played on its turn; out of turn, the chance passed).
    bad_answers: u32,
}

impl ExternalBot {
    pub fn spawn(command: &str, deadline: Duration) -> std::io::Result<ExternalBot> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let input = child.stdin.take().expect("piped");
        let mut output = BufReader::new(child.stdout.take().expect("piped"));
        let (send, answers) = mpsc::channel();
        // Ends when the bot closes its output (it exits, or is killed on drop).
        thread::spawn(move || {
            let mut line = Vec::new();
            while matches!(output.read_until(b'\n', &mut line), Ok(n) if n > 0) {
                // Not UTF-8 is not JSON either: it is refused as an answer, not as the end.
                let text = String::from_utf8_lossy(&line).into_owned();
                if send.send(text).is_err() {
                    break;
                }
                line.clear();
            }
        });
        Ok(ExternalBot {
            command: command.to_string(),
            child,
            input,
            answers,
            deadline,
            silent: false,
            bad_answers: 0,
        })
    }

    /// Sends one decision and reads the answer; `None` if the bot broke the protocol.
    fn ask(&mut self, view: &PlayerView, legal: &[Action]) -> Option<Action> {
        if self.silent {
            return None;
        }
        let line = serde_json::json!({ "view": view, "legal": legal });
        writeln!(self.input, "{line}").ok()?;
        self.input.flush().ok()?;
        let answer = match self.answers.recv_timeout(self.deadline) {
            Ok(answer) => answer,
            Err(RecvTimeoutError::Timeout) => {
                self.silent = true;
                eprintln!(
                    "unocli: cmd:{} gave no answer within {:?}, and is not asked again (does \
                     it flush its output after each line?)",
                    self.command, self.deadline
                );
                return None;
            }
            Err(RecvTimeoutError::Disconnected) => return None,
        };
        let action: Action = serde_json::from_str(answer.trim()).ok()?;
        legal.contains(&action).then_some(action)
    }
}

impl Bot for ExternalBot {
    fn name(&self) -> String {
        format!("cmd:{}", self.command)
    }

    fn bad_answers(&self) -> u32 {
        self.bad_answers
    }

    fn decide(&mut self, view: &PlayerView, legal: &[Action]) -> Action {
        self.ask(view, legal).unwrap_or_else(|| {
            self.bad_answers += 1;
            legal[0]
        })
    }

    /// Out of turn, the legal list also holds `{"seat": s, "do": "pass"}`: let the chance pass.
    fn out_of_turn(&mut self, view: &PlayerView, legal: &[Action]) -> Option<Action> {
        let waive = Action::Pass { seat: view.seat };
        let mut offered = legal.to_vec();
        offered.push(waive);
        match self.ask(view, &offered) {
            Some(a) if a == waive => None,
            Some(a) => Some(a),
            None => {
                self.bad_answers += 1;
                None
            }
        }
    }
}

impl Drop for ExternalBot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
