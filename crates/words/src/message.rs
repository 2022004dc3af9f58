//! A message as data: its id in the catalogue and its arguments, rendered
//! in any language when a reader's language is known.
//!
//! The rules crate's refusals have their own entry point ([`crate::refusal`]);
//! every other coded error (the app's, the catalogue's, the server's) is a
//! message id plus [`Arg`]s, the same values a refusal names.

use std::borrow::Cow;

use fluent_bundle::FluentArgs;
use grimoire_rules::Arg;

use crate::Words;

/// A message not yet in words: the id of an `.ftl` message and its
/// arguments. Cheap to build where an error happens; rendered in the
/// reader's language where it is shown.
///
/// ```
/// use grimoire_words::Message;
///
/// let m = Message::new("error-unknown_character").text("name", "Elmira");
/// assert_eq!(m.render("en"), "no character named \"Elmira\"");
/// assert_eq!(m.render("cs"), "postava „Elmira“ neexistuje");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// Mostly a literal; a coded error's `error-<code>` is built.
    id: Cow<'static, str>,
    args: Vec<(&'static str, Arg)>,
    /// Arguments that are messages themselves, rendered in the same language.
    parts: Vec<(&'static str, Message)>,
}

impl Message {
    /// The message `id` (a literal, or an id built from a code) with no
    /// arguments yet.
    pub fn new(id: impl Into<Cow<'static, str>>) -> Self {
        Message {
            id: id.into(),
            args: Vec::new(),
            parts: Vec::new(),
        }
    }

    /// Adds argument `name` as a number (a count, a limit).
    #[must_use]
    pub fn number(mut self, name: &'static str, value: impl Into<i64>) -> Self {
        self.args.push((name, Arg::Number(value.into())));
        self
    }

    /// Adds argument `name` as text shown as given (a name, a reason).
    #[must_use]
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.args.push((name, Arg::Text(value.into())));
        self
    }

    /// Adds argument `name` as any value a message may name.
    #[must_use]
    pub fn arg(mut self, name: &'static str, value: Arg) -> Self {
        self.args.push((name, value));
        self
    }

    /// Adds argument `name` as another message, rendered in the same
    /// language (`may { $action }` with `$action` a message of its own).
    #[must_use]
    pub fn part(mut self, name: &'static str, value: Message) -> Self {
        self.parts.push((name, value));
        self
    }

    /// The message id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The arguments, in the order they were added.
    pub fn args(&self) -> &[(&'static str, Arg)] {
        &self.args
    }

    /// The message in `lang`, from the embedded catalogue.
    pub fn render(&self, lang: &str) -> String {
        if self.parts.is_empty() {
            return message(lang, &self.id, &self.args);
        }
        let mut args = self.args.clone();
        for (name, part) in &self.parts {
            args.push((name, Arg::Text(part.render(lang))));
        }
        message(lang, &self.id, &args)
    }
}

impl Words {
    /// Message `id` in `lang` with `args`, vocabulary values in their words.
    pub fn message(&self, lang: &str, id: &str, args: &[(&str, Arg)]) -> String {
        let mut fargs = FluentArgs::new();
        for (name, value) in args {
            fargs.set(*name, self.arg(lang, value.clone()));
        }
        self.text(lang, id, Some(&fargs))
    }
}

/// Message `id` in `lang` with `args` (a coded error's
/// `code()`-derived id and `args()`), from the embedded catalogue.
pub fn message(lang: &str, id: &str, args: &[(&str, Arg)]) -> String {
    Words::get().message(lang, id, args)
}
