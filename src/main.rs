//! The `xehe` program; see `xehe --help`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
