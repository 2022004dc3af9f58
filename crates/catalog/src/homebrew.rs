//! Reading spell files: the embedded SRD files and users' homebrew files go
//! through the same parser, so a homebrew spell is held to the same checks.

use std::fs;
use std::path::{Path, PathBuf};

use crate::convert::convert;
use crate::entry::{CatalogSpell, Source};
use crate::error::CatalogError;
use crate::record::read_record;

/// Parses one file. A file with any error yields no spells at all, so a
/// half-broken file cannot leave half its spells loaded.
pub(crate) fn parse_file(
    file: &str,
    text: &str,
    source: &Source,
) -> Result<Vec<CatalogSpell>, Vec<CatalogError>> {
    let parse_error = |message: String| {
        vec![CatalogError::HomebrewParse {
            file: file.to_string(),
            message,
        }]
    };
    let mut table: toml::Table =
        toml::from_str(text).map_err(|e| parse_error(one_line(&e.to_string())))?;
    if let Some(key) = table.keys().find(|k| *k != "spell") {
        return Err(parse_error(format!(
            "unexpected top-level key {key:?}; spells go in [[spell]] tables"
        )));
    }
    let entries = match table.remove("spell") {
        Some(toml::Value::Array(entries)) => entries,
        Some(_) => {
            return Err(parse_error(
                "`spell` must be a list of [[spell]] tables".into(),
            ));
        }
        None => return Err(parse_error("no [[spell]] tables found".into())),
    };
    let mut spells = Vec::with_capacity(entries.len());
    let mut errors = Vec::new();
    for (i, value) in entries.into_iter().enumerate() {
        let label = value
            .get("id")
            .and_then(toml::Value::as_str)
            .or_else(|| value.get("name_en").and_then(toml::Value::as_str))
            .map_or_else(|| format!("spell #{}", i + 1), str::to_string);
        let faults = match read_all(value) {
            Ok(record) => match convert(record, source.clone()) {
                Ok(spell) => {
                    spells.push(spell);
                    continue;
                }
                Err(all) => all,
            },
            Err(all) => all,
        };
        errors.extend(
            faults
                .into_iter()
                .map(|e| CatalogError::HomebrewInvalidField {
                    file: file.to_string(),
                    spell: label.clone(),
                    field: e.field,
                    message: e.message,
                }),
        );
    }
    // Two entries of one file sharing an id is the author's slip, not a clash
    // with what is loaded; report it the same way.
    for (i, s) in spells.iter().enumerate() {
        if spells[..i].iter().any(|t| t.id() == s.id()) {
            errors.push(CatalogError::DuplicateSpell {
                id: s.id().to_string(),
                first: file.to_string(),
                second: file.to_string(),
            });
        }
    }
    if errors.is_empty() {
        Ok(spells)
    } else {
        Err(errors)
    }
}

fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Expands directories into their `.toml` files (sorted, not recursive).
pub(crate) fn expand(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<CatalogError>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        if path.is_dir() {
            match fs::read_dir(path) {
                Ok(dir) => {
                    let mut found: Vec<PathBuf> = dir
                        .filter_map(Result::ok)
                        .map(|e| e.path())
                        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml"))
                        .collect();
                    found.sort();
                    files.extend(found);
                }
                Err(e) => errors.push(io_error(path, &e)),
            }
        } else {
            files.push(path.clone());
        }
    }
    (files, errors)
}

pub(crate) fn io_error(path: &Path, e: &std::io::Error) -> CatalogError {
    CatalogError::HomebrewIo {
        file: path.display().to_string(),
        message: e.to_string(),
    }
}

/// Most type errors gathered from one `[[spell]]` table.
const MAX_READ_FAULTS: usize = 20;

/// Reads one `[[spell]]` table, gathering every type error of its
/// top-level fields: a field in error is set aside and the table read
/// again, so one wrong type does not hide the next. A field set aside is
/// not then reported missing.
fn read_all(
    value: toml::Value,
) -> Result<crate::record::SpellRecord, Vec<crate::record::FieldError>> {
    let mut value = value;
    let mut faults: Vec<crate::record::FieldError> = Vec::new();
    let mut set_aside: Vec<String> = Vec::new();
    loop {
        match read_record(value.clone()) {
            Ok(record) if faults.is_empty() => return Ok(record),
            Ok(_) => return Err(faults),
            Err(e) => {
                let key = e
                    .field
                    .split(['.', '['])
                    .next()
                    .unwrap_or_default()
                    .to_owned();
                if set_aside.contains(&key) {
                    // Missing because it was set aside: already reported.
                    return Err(faults);
                }
                faults.push(e);
                let removed = value.as_table_mut().and_then(|t| t.remove(&key)).is_some();
                if !removed || faults.len() >= MAX_READ_FAULTS {
                    return Err(faults);
                }
                set_aside.push(key);
            }
        }
    }
}
