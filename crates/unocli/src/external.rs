//! An external bot: a command that reads `{"view": ..., "legal": [...]}` lines on standard
//! input and answers each with one action as a JSON line (docs/SCENARIOS.md).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use uno_bots::Bot;
use uno_engine::{Action, PlayerView};

pub struct ExternalBot {
    command: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// Decisions with no answer, or one not in the legal list (the first legal action was
    /// played on its turn; out of turn, the chance passed).
    bad_answers: u32,
}

impl ExternalBot {
    pub fn spawn(command: &str) -> std::io::Result<ExternalBot> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        Ok(ExternalBot {
            command: command.to_string(),
            child,
            input,
            output,
            bad_answers: 0,
        })
    }

    /// Sends one decision and reads the answer; `None` if the bot broke the protocol.
    fn ask(&mut self, view: &PlayerView, legal: &[Action]) -> Option<Action> {
        let line = serde_json::json!({ "view": view, "legal": legal });
        writeln!(self.input, "{line}").ok()?;
        self.input.flush().ok()?;
        let mut answer = String::new();
        self.output.read_line(&mut answer).ok()?;
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
