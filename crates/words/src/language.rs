//! One language of the catalogue: its `.ftl` files, each parsed only when
//! a message of it is first asked for (a CLI command that prints two labels
//! parses the CLI's file, not the web table's and the help's).

use std::borrow::Cow;
use std::sync::OnceLock;

use fluent_bundle::FluentResource;
use fluent_bundle::concurrent::FluentBundle;
use unic_langid::LanguageIdentifier;

use crate::catalogue::FtlError;

/// A language's files, in the order they were added.
pub(crate) struct Language {
    tag: String,
    files: Vec<File>,
}

/// One `.ftl` text, what it defines and needs, and its bundle once built.
struct File {
    text: Cow<'static, str>,
    /// The message ids it defines, sorted.
    ids: Vec<Cow<'static, str>>,
    /// What its messages refer to: the files that define these go into
    /// its bundle too.
    refs: Refs,
    bundle: OnceLock<FluentBundle<FluentResource>>,
}

/// The messages a file refers to.
enum Refs {
    /// These, as the build script read them.
    Named(&'static [&'static str]),
    /// Any message of the language (a text added at run time).
    All,
}

impl Language {
    /// A language with no file yet.
    pub(crate) fn new(tag: &str) -> Self {
        Language {
            tag: tag.to_owned(),
            files: Vec::new(),
        }
    }

    /// Adds an embedded file whose ids and references the build script
    /// read (checked by the catalogue tests, so never parsed here).
    pub(crate) fn add_embedded(
        &mut self,
        text: &'static str,
        ids: &'static [&'static str],
        refs: &'static [&'static str],
    ) {
        self.files.push(File {
            text: Cow::Borrowed(text),
            ids: ids.iter().map(|i| Cow::Borrowed(*i)).collect(),
            refs: Refs::Named(refs),
            bundle: OnceLock::new(),
        });
    }

    /// Adds a text at run time: parsed now, refused when it is not valid
    /// Fluent or defines a message the language already has.
    pub(crate) fn add(&mut self, ftl: &str) -> Result<(), FtlError> {
        let resource = FluentResource::try_new(ftl.to_owned())
            .map_err(|(_, errors)| FtlError::new(format!("{errors:?}")))?;
        let mut ids: Vec<Cow<'static, str>> = Vec::new();
        for entry in resource.entries() {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                if self.file_of(m.id.name).is_some() {
                    return Err(FtlError::new(format!(
                        "message {} is defined twice",
                        m.id.name
                    )));
                }
                ids.push(Cow::Owned(m.id.name.to_owned()));
            }
        }
        ids.sort();
        self.files.push(File {
            text: Cow::Owned(ftl.to_owned()),
            ids,
            // A run-time text may refer to anything of the language.
            refs: Refs::All,
            bundle: OnceLock::new(),
        });
        // Built now, so a clash inside the text shows here, not later.
        let last = self.files.len() - 1;
        let bundle = self.try_build(last)?;
        let _ = self.files[last].bundle.set(bundle);
        Ok(())
    }

    /// The file that defines message `id`.
    fn file_of(&self, id: &str) -> Option<usize> {
        self.files
            .iter()
            .position(|f| f.ids.binary_search_by(|i| i.as_ref().cmp(id)).is_ok())
    }

    /// Whether the language defines message `id`.
    pub(crate) fn defines(&self, id: &str) -> bool {
        self.file_of(id).is_some()
    }

    /// The bundle that holds message `id`, built on first use.
    pub(crate) fn bundle_for(&self, id: &str) -> Option<&FluentBundle<FluentResource>> {
        let file = self.file_of(id)?;
        Some(self.files[file].bundle.get_or_init(|| {
            self.try_build(file)
                .unwrap_or_else(|e| panic!("{}: a checked .ftl text was refused: {e}", self.tag))
        }))
    }

    /// The bundle of file `file`: its own text, then those of the files
    /// that define what it refers to.
    fn try_build(&self, file: usize) -> Result<FluentBundle<FluentResource>, FtlError> {
        let mut needed: Vec<usize> = match &self.files[file].refs {
            Refs::Named(refs) => refs.iter().filter_map(|r| self.file_of(r)).collect(),
            Refs::All => (0..self.files.len()).collect(),
        };
        needed.retain(|&f| f != file);
        needed.sort_unstable();
        needed.dedup();
        let id: LanguageIdentifier = self.tag.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Isolation marks (U+2068/U+2069) would end up in terminals, JSON
        // and test comparisons; our arguments are names and numbers.
        bundle.set_use_isolating(false);
        for f in std::iter::once(file).chain(needed) {
            let resource = FluentResource::try_new(self.files[f].text.to_string())
                .map_err(|(_, errors)| FtlError::new(format!("{errors:?}")))?;
            bundle
                .add_resource(resource)
                .map_err(|errors| FtlError::new(format!("{errors:?}")))?;
        }
        Ok(bundle)
    }

    /// Every text, in order.
    pub(crate) fn texts(&self) -> impl Iterator<Item = &str> {
        self.files.iter().map(|f| f.text.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_parses_its_own_file_and_what_it_refers_to_only() {
        let mut en = Language::new("en");
        en.add_embedded("cast = Cast { action }\n", &["cast"], &["action"]);
        en.add_embedded("help-x = Help\n", &["help-x"], &[]);
        en.add_embedded("action = Magic action\n", &["action"], &[]);
        let bundle = en.bundle_for("cast").unwrap();
        let pattern = bundle.get_message("cast").unwrap().value().unwrap();
        let mut errors = Vec::new();
        assert_eq!(
            bundle.format_pattern(pattern, None, &mut errors),
            "Cast Magic action"
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert!(
            en.files[1].bundle.get().is_none(),
            "the help file is not parsed"
        );
        assert!(
            en.files[2].bundle.get().is_none(),
            "read into cast's bundle only"
        );
        assert!(en.bundle_for("nothing").is_none());
    }

    #[test]
    fn a_text_added_at_run_time_may_not_define_a_message_twice() {
        let mut en = Language::new("en");
        en.add_embedded("a = A\n", &["a"], &[]);
        assert!(en.add("b = B { a }\n").is_ok());
        assert!(en.add("a = again\n").is_err());
        assert!(en.add("not fluent {").is_err());
        assert!(en.defines("b") && !en.defines("c"));
    }
}
