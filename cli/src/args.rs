//! A small argument parser: known flags only, every mistake a one-line message.

use std::collections::HashMap;
use std::str::FromStr;

/// Parsed arguments of one subcommand.
pub struct Args {
    positional: Vec<String>,
    values: HashMap<&'static str, String>,
    switches: Vec<&'static str>,
}

impl Args {
    /// Parses `argv`; `value_flags` take a value (`--game ID` or `--game=ID`), `switches` do not.
    pub fn parse(
        argv: &[String],
        value_flags: &[&'static str],
        switches: &[&'static str],
    ) -> Result<Args, String> {
        let mut args = Args { positional: Vec::new(), values: HashMap::new(), switches: Vec::new() };
        let mut iter = argv.iter();
        while let Some(arg) = iter.next() {
            let Some(flag) = arg.strip_prefix("--") else {
                args.positional.push(arg.clone());
                continue;
            };
            let (name, inline) = match flag.split_once('=') {
                Some((name, value)) => (name, Some(value.to_string())),
                None => (flag, None),
            };
            if let Some(&known) = value_flags.iter().find(|&&f| f == name) {
                let value = match inline {
                    Some(value) => value,
                    None => iter.next().cloned().ok_or_else(|| format!("--{name} needs a value"))?,
                };
                if args.values.insert(known, value).is_some() {
                    return Err(format!("--{name} given twice"));
                }
            } else if let Some(&known) = switches.iter().find(|&&f| f == name) {
                if inline.is_some() {
                    return Err(format!("--{name} takes no value"));
                }
                args.switches.push(known);
            } else {
                return Err(format!("unknown option --{name}"));
            }
        }
        Ok(args)
    }

    /// The positional arguments.
    pub fn positional(&self) -> &[String] {
        &self.positional
    }

    /// Whether a switch was given.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }

    /// The raw value of a flag, if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// The value of a required flag.
    pub fn required(&self, name: &str) -> Result<&str, String> {
        self.value(name).ok_or_else(|| format!("--{name} is required"))
    }

    /// A flag's value parsed, or `default` when absent; a bad value names the flag.
    pub fn parsed_or<T: FromStr>(&self, name: &str, default: T) -> Result<T, String>
    where
        T::Err: std::fmt::Display,
    {
        match self.value(name) {
            None => Ok(default),
            Some(text) => text.parse().map_err(|e| format!("--{name}: {e}")),
        }
    }

    /// A required flag's value parsed; a bad value names the flag.
    pub fn parsed<T: FromStr>(&self, name: &str) -> Result<T, String>
    where
        T::Err: std::fmt::Display,
    {
        self.required(name)?.parse().map_err(|e| format!("--{name}: {e}"))
    }
}
