//! Standard output for every command. `println!` panics when the reader has gone
//! (`xehe devices | grep -q Intel`, `xehe bench ... | head`); a pipeline that stops reading has
//! what it wanted, so the program ends there quietly and successfully, as `grep` and `head`
//! expect. Any other failure to write is reported on standard error with its own status.

use super::error::EXIT_OUTPUT;
use std::io::{self, ErrorKind, Write};
use std::process;

/// Writes one line to standard output; see the module's documentation for what a closed pipe does.
pub fn line(args: std::fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    let written = out
        .write_fmt(args)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush());
    if let Err(e) = written {
        // Exiting here skips destructors: nothing the reader could still see is lost, and the
        // drivers reclaim device memory when the process ends; output files not yet complete
        // are removed here, since their destructors would have.
        super::staged::remove_pending();
        if e.kind() == ErrorKind::BrokenPipe {
            process::exit(0);
        }
        eprintln!("xehe: error: cannot write to standard output: {e}");
        process::exit(i32::from(EXIT_OUTPUT));
    }
}

/// `println!` for the CLI, through [`line`].
macro_rules! outln {
    () => {
        $crate::cli::stdout::line(format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::cli::stdout::line(format_args!($($arg)*))
    };
}
pub(crate) use outln;
