//! A backend seen through a kind prefix: how one database holds many
//! campaigns without the game code knowing about campaigns.
//!
//! `Scoped::new(backend, "campaign/dragons/")` turns the kind `character`
//! into `campaign/dragons/character` on the way in and back on the way out,
//! so code written for one table (`store.get("character", "Elmira")`) works
//! unchanged per campaign, and two campaigns may each have an Elmira.

use crate::backend::{Backend, UndoGuard};
use crate::change::{Change, Write};
use crate::error::{Result, StoreError};
use crate::record::{
    ChangeId, ChangeSummary, Committed, LogEntry, LoggedWrite, RawEntity, Touched, Undone,
};

/// A backend whose entity kinds all carry a prefix.
pub struct Scoped<B> {
    inner: B,
    prefix: String,
}

impl<B: Backend> Scoped<B> {
    /// Wraps `inner`; every kind is stored as `prefix` + kind.
    pub fn new(inner: B, prefix: impl Into<String>) -> Self {
        Scoped {
            inner,
            prefix: prefix.into(),
        }
    }

    /// The prefix.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The wrapped backend.
    pub fn inner(&self) -> &B {
        &self.inner
    }

    fn inner_mut(&mut self) -> &mut B {
        &mut self.inner
    }

    fn kind(&self, kind: &str) -> String {
        format!("{}{kind}", self.prefix)
    }

    fn strip(&self, kind: String) -> String {
        match kind.strip_prefix(&self.prefix) {
            Some(rest) => rest.to_owned(),
            None => kind,
        }
    }

    fn touched(&self, touched: Vec<Touched>) -> Vec<Touched> {
        touched
            .into_iter()
            .map(|t| Touched {
                kind: self.strip(t.kind),
                ..t
            })
            .collect()
    }
}

impl<B: Backend> Backend for Scoped<B> {
    // The change log is the database's: a cursor or change id means the
    // same through any scope.
    crate::forward_backend! {
        Self::inner => [schema_version, writes_since, newest_change];
        Self::inner_mut => [check_writable];
    }

    fn dump(&self) -> Result<Vec<RawEntity>> {
        Ok(self
            .inner
            .dump()?
            .into_iter()
            .filter_map(|e| {
                let kind = e.kind.strip_prefix(&self.prefix)?.to_owned();
                Some(RawEntity { kind, ..e })
            })
            .collect())
    }

    fn history(&self) -> Result<Vec<LoggedWrite>> {
        Ok(self
            .inner
            .history()?
            .into_iter()
            .filter_map(|w| {
                let kind = w.kind.strip_prefix(&self.prefix)?.to_owned();
                Some(LoggedWrite { kind, ..w })
            })
            .collect())
    }

    fn get(&self, kind: &str, name: &str) -> Result<Option<RawEntity>> {
        Ok(self.inner.get(&self.kind(kind), name)?.map(|e| RawEntity {
            kind: self.strip(e.kind),
            ..e
        }))
    }

    fn get_shared(
        &self,
        kind: &str,
        name: &str,
    ) -> Result<Option<std::sync::Arc<crate::SharedEntity>>> {
        // Shared entities keep the stored (prefixed) kind; the store names
        // entities by the kind it was asked for.
        self.inner.get_shared(&self.kind(kind), name)
    }

    fn list_shared(&self, kind: &str) -> Result<Vec<std::sync::Arc<crate::SharedEntity>>> {
        self.inner.list_shared(&self.kind(kind))
    }

    fn list_names(&self, kind: &str) -> Result<Vec<String>> {
        self.inner.list_names(&self.kind(kind))
    }

    fn list(&self, kind: &str) -> Result<Vec<RawEntity>> {
        Ok(self
            .inner
            .list(&self.kind(kind))?
            .into_iter()
            .map(|e| RawEntity {
                kind: self.strip(e.kind),
                ..e
            })
            .collect())
    }

    fn commit(&mut self, change: &Change) -> Result<Committed> {
        let scoped = Change {
            command: change.command.clone(),
            events_json: change.events_json.clone(),
            writes: change
                .writes
                .iter()
                .map(|w| Write {
                    kind: self.kind(&w.kind),
                    ..w.clone()
                })
                .collect(),
        };
        let done = self.inner.commit(&scoped)?;
        Ok(Committed {
            touched: self.touched(done.touched),
            ..done
        })
    }

    fn undo(&mut self, kind: &str, name: &str, allow: &UndoGuard<'_>) -> Result<Undone> {
        let unscoped = |k: &str, n: &str| allow(k.strip_prefix(&self.prefix).unwrap_or(k), n);
        // Errors name entities as the caller knows them, never the prefix.
        let done = self
            .inner
            .undo(&self.kind(kind), name, &unscoped)
            .map_err(|e| match e {
                StoreError::UndoBlocked { change, kind, name } => StoreError::UndoBlocked {
                    change,
                    kind: self.strip(kind),
                    name,
                },
                StoreError::UndoForbidden { change, kind, name } => StoreError::UndoForbidden {
                    change,
                    kind: self.strip(kind),
                    name,
                },
                other => other,
            })?;
        Ok(Undone {
            touched: self.touched(done.touched.clone()),
            ..done
        })
    }

    fn recent(
        &self,
        kinds: &[String],
        before: Option<ChangeId>,
        limit: u32,
    ) -> Result<Vec<ChangeSummary>> {
        let kinds: Vec<String> = kinds.iter().map(|k| self.kind(k)).collect();
        Ok(self
            .inner
            .recent(&kinds, before, limit)?
            .into_iter()
            .map(|c| ChangeSummary {
                // Another campaign's part of a change is not this one's to show.
                entities: c
                    .entities
                    .iter()
                    .filter(|k| k.starts_with(&self.prefix))
                    .map(|k| self.strip(k.clone()))
                    .collect(),
                ..c
            })
            .collect())
    }

    fn log_page(
        &self,
        kind: &str,
        name: &str,
        before: Option<u64>,
        limit: u32,
    ) -> Result<Vec<LogEntry>> {
        Ok(self
            .inner
            .log_page(&self.kind(kind), name, before, limit)?
            .into_iter()
            .map(|e| LogEntry {
                entities: e.entities.iter().map(|k| self.strip(k.clone())).collect(),
                ..e
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SqliteBackend, Store};

    #[test]
    fn scopes_keep_campaigns_apart_and_hide_the_prefix() {
        let mut a = Scoped::new(SqliteBackend::open_in_memory().unwrap(), "campaign/a/");
        let done = a
            .commit(
                &Change::new("new")
                    .create("character", "Elmira", &1)
                    .unwrap()
                    .create("encounter", "Cave", &2)
                    .unwrap(),
            )
            .unwrap();
        assert_eq!(done.touched[0].kind, "character");
        assert_eq!(
            a.get("character", "elmira").unwrap().unwrap().kind,
            "character"
        );
        assert_eq!(
            a.log("character", "Elmira").unwrap()[0].entities,
            ["character:Elmira", "encounter:Cave"]
        );
        assert!(a.inner().get("character", "Elmira").unwrap().is_none());
        assert_eq!(
            a.undo("character", "Elmira", &|_, _| true).unwrap().touched[1].kind,
            "encounter"
        );
        let store = Store::with_backend(a);
        assert!(store.list::<u32>("character").unwrap().is_empty());
    }
}
