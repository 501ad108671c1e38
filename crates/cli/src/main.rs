//! `commcalc`: the query language on the command line.
//!
//! `commcalc eval "<query>"` evaluates a scenario and prints a table (or, with `--json`, the
//! report of docs/reports.md); `commcalc compare "<q1>" "<q2>" …` puts up to four scenarios on one size
//! axis and finds where their curves cross; `commcalc regimes "<query>"` maps the fastest
//! global combining algorithm over vector length × mesh (004 Fig. 5); `commcalc fit FILE…`
//! reads benchmark output and fits the models to it; `commcalc traffic` simulates 003's
//! synthetic traffic (one query, or a sweep of one key); `commcalc collectives` gives the
//! fastest algorithm of a collective over size × processes, or a tuning file for Open MPI,
//! MPICH or SimGrid; `commcalc validate` sets measured collective runs against every
//! algorithm on the machine fitted to their cluster's point-to-point runs; `commcalc machines` and
//! `commcalc patterns` list the catalog. Every
//! mistake in the arguments or the query goes to stderr with exit code 2 and nothing on stdout,
//! so that a script can tell a bad query from a result.

mod args;
mod collectives;
mod compare;
mod eval;
mod fit;
mod help;
mod listing;
mod regimes;
mod tips;
mod traffic;
mod validate;
mod values;

use std::io::{self, Write};
use std::process::ExitCode;

use args::{Cli, Command, Usage};
use clap::Parser;

/// Exit code for a bad command line or a query the core rejects.
const EXIT_USAGE: u8 = 2;
/// Exit code when the output cannot be written (other than a closed pipe).
const EXIT_IO: u8 = 1;

fn main() -> ExitCode {
    let argv: Vec<_> = std::env::args_os().collect();
    let cli = match Cli::try_parse_from(&argv) {
        Ok(cli) => cli,
        // --help and --version are clap's "errors" that belong on stdout.
        Err(e) if !e.use_stderr() => return write_stdout(&e.render().to_string()),
        Err(e) => return usage(&tips::with_tips(e, &argv).render().to_string()),
    };
    match run(cli.command) {
        Ok(output) => write_stdout(&output),
        Err(Usage(message)) => usage(&format!("commcalc: {message}\n")),
    }
}

/// Prints a mistake on stderr and gives its exit code.
fn usage(message: &str) -> ExitCode {
    // If stderr is gone too there is no one left to tell.
    let _ = io::stderr().write_all(message.as_bytes());
    ExitCode::from(EXIT_USAGE)
}

/// Runs a parsed command and returns everything it prints, so that nothing reaches stdout
/// unless the whole command succeeded.
fn run(command: Command) -> Result<String, Usage> {
    match command {
        Command::Eval(options) => eval::eval(&options),
        Command::Compare(options) => compare::compare(&options),
        Command::Regimes(options) => regimes::regimes(&options),
        Command::Fit(options) => fit::fit(&options),
        Command::Traffic(options) => traffic::traffic(&options),
        Command::Collectives(options) => collectives::collectives(&options),
        Command::Validate(options) => validate::validate(&options),
        Command::Machines(o) => listing::machines(o.id.as_deref(), o.json),
        Command::Patterns(o) => listing::patterns(o.id.as_deref(), o.json),
    }
}

fn write_stdout(output: &str) -> ExitCode {
    let mut out = io::stdout().lock();
    match out.write_all(output.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // `commcalc machines | head` closes the pipe early: that is not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "commcalc: cannot write the output: {e}");
            ExitCode::from(EXIT_IO)
        }
    }
}
