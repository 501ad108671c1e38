//! What clap says about a mistake on the command line, with a tip that names what the command
//! accepts: its options, its commands, or what its argument is (a quoted query, files, an id).
//! Every tip is read from the command's own definition ([`crate::args`]), so that an option
//! added there is listed here too.

use std::ffi::OsString;

use clap::builder::StyledStr;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Command, CommandFactory};

use crate::args::Cli;

/// `e` with a tip in place of clap's own, where this program can say more: the options of the
/// command for an unknown option, the commands for an unknown command, and what the command
/// takes for a missing or extra argument.
pub fn with_tips(mut e: clap::Error, argv: &[OsString]) -> clap::Error {
    let mut root = Cli::command();
    root.build();
    let name = argv.get(1).and_then(|a| a.to_str()).unwrap_or_default();
    let command = root.find_subcommand(name).unwrap_or(&root);
    let invalid = match e.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(arg)) => arg.clone(),
        _ => String::new(),
    };
    let tip = match e.kind() {
        ErrorKind::InvalidSubcommand => Some(format!("the commands are {}", commands(&root))),
        ErrorKind::UnknownArgument if invalid.starts_with('-') => Some(options(command)),
        ErrorKind::UnknownArgument | ErrorKind::TooManyValues if !invalid.starts_with('-') => {
            argument(command).map(|what| format!("{} takes {what}", command.get_name()))
        }
        ErrorKind::MissingRequiredArgument => {
            argument(command).map(|what| format!("{} needs {what}", command.get_name()))
        }
        _ => None,
    };
    if let Some(tip) = tip {
        e.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![StyledStr::from(tip)]),
        );
    }
    e
}

/// `eval takes --json, --explain, --points N, --rows N or --help`.
fn options(command: &Command) -> String {
    let options: Vec<String> = command
        .get_arguments()
        .filter_map(|arg| {
            let long = arg.get_long()?;
            let values = match arg.get_action().takes_values() {
                true => arg.get_value_names().unwrap_or_default(),
                false => &[],
            };
            Some(
                values
                    .iter()
                    .fold(format!("--{long}"), |o, v| format!("{o} {v}")),
            )
        })
        .collect();
    format!("{} takes {}", command.get_name(), or_list(&options))
}

/// The commands, in the order of the general help.
fn commands(root: &Command) -> String {
    let names: Vec<String> = root
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    or_list(&names)
}

/// What the command's argument is, from its help: "a query, e.g. …".
fn argument(command: &Command) -> Option<String> {
    let help = command.get_positionals().next()?.get_help()?.to_string();
    let mut chars = help.chars();
    let first = chars.next()?;
    Some(first.to_lowercase().chain(chars).collect())
}

/// `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
