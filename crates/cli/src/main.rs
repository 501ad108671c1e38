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
mod listing;
mod regimes;
mod traffic;
mod validate;

use std::io::{self, Write};
use std::process::ExitCode;

use args::{Command, Usage};

/// Exit code for a bad command line or a query the core rejects.
const EXIT_USAGE: u8 = 2;
/// Exit code when the output cannot be written (other than a closed pipe).
const EXIT_IO: u8 = 1;

fn main() -> ExitCode {
    let argv: Vec<_> = std::env::args_os().skip(1).collect();
    match args::parse(&argv).and_then(run) {
        Ok(output) => write_stdout(&output),
        Err(Usage(message)) => {
            // If stderr is gone too there is no one left to tell.
            let _ = writeln!(io::stderr(), "commcalc: {message}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// Runs a parsed command and returns everything it prints, so that nothing reaches stdout
/// unless the whole command succeeded.
fn run(command: Command) -> Result<String, Usage> {
    match command {
        Command::Help(topic) => Ok(args::help(topic)),
        Command::Version => Ok(format!("commcalc {}\n", env!("CARGO_PKG_VERSION"))),
        Command::Eval(options) => eval::eval(&options),
        Command::Compare(options) => compare::compare(&options),
        Command::Regimes(options) => regimes::regimes(&options),
        Command::Fit(options) => fit::fit(&options),
        Command::Traffic(options) => traffic::traffic(&options),
        Command::Collectives(options) => collectives::collectives(&options),
        Command::Validate(options) => validate::validate(&options),
        Command::Machines { id, json } => listing::machines(id.as_deref(), json),
        Command::Patterns { id, json } => listing::patterns(id.as_deref(), json),
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
