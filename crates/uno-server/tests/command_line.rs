//! The server's command line: every option it reads is in its help, and a mistake says what
//! was wrong and starts nothing.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_uno-server");

#[test]
fn the_version_is_the_packages() {
    let out = Command::new(BIN).arg("--version").output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("uno-server {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn the_help_names_every_option_with_its_default() {
    let out = Command::new(BIN).arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for option in [
        "--addr",
        "--dist",
        "--db",
        "--allow-origin",
        "--max-rooms",
        "--max-connections",
        "--bot-delay-ms",
        "--reaction-ms",
        "--round-pause-ms",
        "--ping-seconds",
        "--seed",
        "--version",
    ] {
        // In the usage line and again with what it does.
        assert_eq!(help.matches(option).count(), 2, "{option} in:\n{help}");
    }
    for default in [
        "(default 10000)",
        "(default 20000)",
        "(default 900)",
        "(default 1200)",
        "(default 20)",
    ] {
        assert!(help.contains(default), "{default} in:\n{help}");
    }
}

#[test]
fn a_mistake_on_the_command_line_says_what_and_starts_nothing() {
    for (args, said) in [
        (&["--bogus"][..], "unknown option \"--bogus\""),
        (
            &["--max-rooms", "many"][..],
            "--max-rooms takes a whole number, not \"many\"",
        ),
        (
            &["--ping-seconds", "0"][..],
            "--ping-seconds must be at least 1",
        ),
        (&["--db"][..], "--db needs a value"),
        (
            &["--seed", "-1"][..],
            "--seed takes a whole number, not \"-1\"",
        ),
    ] {
        let out = Command::new(BIN).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with(&format!("uno-server: {said}")), "{err}");
        // An option it does not know, or one without its value: the help follows.
        let with_help = !["--max-rooms", "--ping-seconds", "--seed"]
            .iter()
            .any(|o| args.contains(o));
        assert_eq!(err.contains("\nusage: uno-server"), with_help, "{err}");
    }
}
