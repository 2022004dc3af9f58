//! Sheets from other tools (issue 36): the arguments of `import_sheet` and
//! `check_sheet`, and their command lines. A sheet comes as a file path on
//! this machine or as its JSON inline; inline JSON is written to a file of
//! its own for the command to read, and removed after the call.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::bounds::Violation;
use crate::lang::Lang;

/// The largest sheet taken inline, in bytes of JSON (as the CLI's file bound: 2 MiB).
pub const MAX_SHEET_BYTES: usize = 2 * 1024 * 1024;

/// Which tool a sheet comes from.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SheetFormat {
    /// A Foundry VTT (dnd5e) actor JSON.
    Foundry,
    /// A D&D Beyond character JSON (what its character endpoint returns).
    Ddb,
}

impl SheetFormat {
    fn word(self) -> &'static str {
        match self {
            SheetFormat::Foundry => "foundry",
            SheetFormat::Ddb => "ddb",
        }
    }
}

/// Arguments of `import_sheet`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetImport {
    /// "foundry" or "ddb".
    pub format: SheetFormat,
    /// The sheet's JSON file on this machine (give file or sheet).
    #[schemars(length(min = 1, max = 4096))]
    pub file: Option<String>,
    /// The sheet's JSON itself, at most 2 MiB (give file or sheet).
    pub sheet: Option<Map<String, Value>>,
    /// Store the character under this name instead of the sheet's.
    #[schemars(length(min = 1, max = 60))]
    pub name: Option<String>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `check_sheet`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SheetCheck {
    /// "foundry" or "ddb"; told from the sheet when left out.
    pub format: Option<SheetFormat>,
    /// The sheet's JSON file on this machine (give file or sheet).
    #[schemars(length(min = 1, max = 4096))]
    pub file: Option<String>,
    /// The sheet's JSON itself, at most 2 MiB (give file or sheet).
    pub sheet: Option<Map<String, Value>>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// A sheet written for one call; removed when dropped.
#[derive(Debug)]
pub struct SheetFile(PathBuf);

impl Drop for SheetFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Where the command reads the sheet: the caller's path, or inline JSON
/// written to a file of this call's own (held until the call ends).
fn source(
    file: Option<&str>,
    sheet: Option<&Map<String, Value>>,
) -> Result<(String, Option<SheetFile>), Violation> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    match (file, sheet) {
        (Some(f), None) => Ok((f.to_owned(), None)),
        (None, Some(sheet)) => {
            let bytes = serde_json::to_vec(sheet).unwrap_or_default();
            if bytes.len() > MAX_SHEET_BYTES {
                return Err(Violation::new("sheet", "mcp-args-sheet-size"));
            }
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let path = std::env::temp_dir().join(format!(
                "grimoire-mcp-sheet-{}-{n}.json",
                std::process::id()
            ));
            std::fs::write(&path, bytes)
                .map_err(|_| Violation::new("sheet", "mcp-args-sheet-size"))?;
            let held = SheetFile(path.clone());
            Ok((path.display().to_string(), Some(held)))
        }
        _ => Err(Violation::new("file", "mcp-args-sheet")),
    }
}

/// `import foundry|ddb FILE [--name=NAME]`, and the inline sheet's file.
pub fn import(p: &SheetImport) -> Result<(Vec<String>, Option<SheetFile>), Violation> {
    let (file, held) = source(p.file.as_deref(), p.sheet.as_ref())?;
    // A path that reads as a flag is refused by the schema's bounds check.
    let mut argv = vec!["import".to_owned(), p.format.word().to_owned(), file];
    if let Some(name) = &p.name {
        argv.push(format!("--name={name}"));
    }
    Ok((argv, held))
}

/// `check FILE [--from=FORMAT]`, and the inline sheet's file.
pub fn check(p: &SheetCheck) -> Result<(Vec<String>, Option<SheetFile>), Violation> {
    let (file, held) = source(p.file.as_deref(), p.sheet.as_ref())?;
    let mut argv = vec!["check".to_owned(), file];
    if let Some(format) = p.format {
        argv.push(format!("--from={}", format.word()));
    }
    Ok((argv, held))
}
