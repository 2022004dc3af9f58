//! A spell's name as refusals and messages show it: a leaf of the
//! refusal vocabulary, beneath `message` and `error`.

/// A spell's name as a refusal shows it: English, and Czech when known
/// (a spell from the catalogue; an ongoing effect keeps only its English
/// name). `Display` is the English name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpellName {
    /// The English name.
    pub en: String,
    /// The Czech name, when known.
    pub cs: Option<String>,
}

impl SpellName {
    /// The Czech name, or the English one when no Czech name is known.
    pub fn cs(&self) -> &str {
        self.cs.as_deref().unwrap_or(&self.en)
    }
}

impl From<String> for SpellName {
    fn from(en: String) -> Self {
        SpellName { en, cs: None }
    }
}

impl From<&str> for SpellName {
    fn from(en: &str) -> Self {
        en.to_owned().into()
    }
}

impl std::fmt::Display for SpellName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.en)
    }
}

impl PartialEq<&str> for SpellName {
    fn eq(&self, other: &&str) -> bool {
        self.en == *other
    }
}
