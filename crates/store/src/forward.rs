//! [`forward_backend!`]: a wrapper's [`crate::Backend`] methods that only
//! pass the call on, written once.
//!
//! Every method of the trait but [`crate::Backend::log`] is required, so a
//! wrapper that leaves one out does not compile; this macro keeps the ones
//! it merely forwards to a line. The test below runs every method through
//! every wrapper of this crate and checks that the wrapped backend
//! answered it, so a method forwarded to the wrong place fails too.

/// Implements the listed [`Backend`](crate::Backend) methods by calling the
/// same method on what `via(self)` returns (a reference, a lock guard:
/// anything that dereferences to a backend).
///
/// Inside an `impl Backend for ...` block, list methods after an accessor
/// (`via => [method, ...]`, several groups separated by `;`), or forward
/// them all with `via => *`. A method that changes the store (`commit`,
/// `undo`, `check_writable`) needs an accessor that takes `&mut self`.
///
/// ```
/// use grimoire_store::{Backend, SqliteBackend};
///
/// /// A backend that counts nothing and changes nothing: the pattern of a
/// /// wrapper that overrides a few methods and forwards the rest.
/// struct Plain(SqliteBackend);
///
/// impl Plain {
///     fn inner(&self) -> &SqliteBackend {
///         &self.0
///     }
///     fn inner_mut(&mut self) -> &mut SqliteBackend {
///         &mut self.0
///     }
/// }
///
/// impl Backend for Plain {
///     grimoire_store::forward_backend! {
///         Self::inner => [schema_version, get, list, log_page, recent, dump, history,
///                         get_shared, list_shared, writes_since, newest_change];
///         Self::inner_mut => [commit, undo, check_writable];
///     }
/// }
///
/// let plain = Plain(SqliteBackend::open_in_memory()?);
/// assert!(plain.list("character")?.is_empty());
/// # Ok::<(), grimoire_store::StoreError>(())
/// ```
///
/// **Adding a method to `Backend`:** declare it in the trait without a
/// body, add an arm for it here and its name to the `*` list, then the
/// compiler names every backend and wrapper that must decide what it does
/// (forward it through this macro, or implement it), and the test in
/// `forward.rs` asks for one line saying what the wrapped backend sees.
#[macro_export]
macro_rules! forward_backend {
    (@schema_version $via:path) => {
        fn schema_version(&self) -> $crate::Result<u32> {
            $via(self).schema_version()
        }
    };
    (@get $via:path) => {
        fn get(&self, kind: &str, name: &str) -> $crate::Result<Option<$crate::RawEntity>> {
            $via(self).get(kind, name)
        }
    };
    (@list $via:path) => {
        fn list(&self, kind: &str) -> $crate::Result<Vec<$crate::RawEntity>> {
            $via(self).list(kind)
        }
    };
    (@commit $via:path) => {
        fn commit(&mut self, change: &$crate::Change) -> $crate::Result<$crate::Committed> {
            $via(self).commit(change)
        }
    };
    (@undo $via:path) => {
        fn undo(
            &mut self,
            kind: &str,
            name: &str,
            allow: &$crate::UndoGuard<'_>,
        ) -> $crate::Result<$crate::Undone> {
            $via(self).undo(kind, name, allow)
        }
    };
    (@log_page $via:path) => {
        fn log_page(
            &self,
            kind: &str,
            name: &str,
            before: Option<u64>,
            limit: u32,
        ) -> $crate::Result<Vec<$crate::LogEntry>> {
            $via(self).log_page(kind, name, before, limit)
        }
    };
    (@recent $via:path) => {
        fn recent(
            &self,
            kinds: &[String],
            before: Option<$crate::ChangeId>,
            limit: u32,
        ) -> $crate::Result<Vec<$crate::ChangeSummary>> {
            $via(self).recent(kinds, before, limit)
        }
    };
    (@dump $via:path) => {
        fn dump(&self) -> $crate::Result<Vec<$crate::RawEntity>> {
            $via(self).dump()
        }
    };
    (@history $via:path) => {
        fn history(&self) -> $crate::Result<Vec<$crate::LoggedWrite>> {
            $via(self).history()
        }
    };
    (@check_writable $via:path) => {
        fn check_writable(&mut self) -> $crate::Result<()> {
            $via(self).check_writable()
        }
    };
    (@get_shared $via:path) => {
        fn get_shared(
            &self,
            kind: &str,
            name: &str,
        ) -> $crate::Result<Option<::std::sync::Arc<$crate::SharedEntity>>> {
            $via(self).get_shared(kind, name)
        }
    };
    (@list_shared $via:path) => {
        fn list_shared(
            &self,
            kind: &str,
        ) -> $crate::Result<Vec<::std::sync::Arc<$crate::SharedEntity>>> {
            $via(self).list_shared(kind)
        }
    };
    (@writes_since $via:path) => {
        fn writes_since(
            &self,
            cursor: Option<&$crate::Cursor>,
        ) -> $crate::Result<Option<$crate::WritesSince>> {
            $via(self).writes_since(cursor)
        }
    };
    (@list_names $via:path) => {
        fn list_names(&self, kind: &str) -> $crate::Result<Vec<String>> {
            $via(self).list_names(kind)
        }
    };
    (@newest_change $via:path) => {
        fn newest_change(&self) -> $crate::Result<Option<$crate::ChangeId>> {
            $via(self).newest_change()
        }
    };
    ($via:path => *) => {
        $crate::forward_backend! {
            $via => [schema_version, get, list, commit, undo, log_page, recent, dump, history,
                     check_writable, get_shared, list_shared, list_names, writes_since,
                     newest_change]
        }
    };
    ($($via:path => [$($method:ident),+ $(,)?]);+ $(;)?) => {
        $($($crate::forward_backend!(@$method $via);)+)+
    };
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use crate::backend::{Backend, UndoGuard};
    use crate::cache::{Cursor, SharedEntity, WritesSince};
    use crate::record::{ChangeId, ChangeSummary, Committed, LogEntry, LoggedWrite, RawEntity};
    use crate::{Cached, Change, EntityCache, Result, Scoped, StoreError, Undone};

    /// Who was asked what, in order.
    type Calls = Arc<Mutex<Vec<&'static str>>>;

    /// A backend that notes every call and refuses it (what a wrapper does
    /// with the answer is not this test's concern; that the call arrived is).
    struct Probe(Calls);

    impl Probe {
        fn hit<T>(&self, method: &'static str) -> Result<T> {
            self.0.lock().unwrap().push(method);
            Err(StoreError::Unavailable(method.into()))
        }
    }

    impl Backend for Probe {
        fn schema_version(&self) -> Result<u32> {
            self.hit("schema_version")
        }
        fn get(&self, _: &str, _: &str) -> Result<Option<RawEntity>> {
            self.hit("get")
        }
        fn list(&self, _: &str) -> Result<Vec<RawEntity>> {
            self.hit("list")
        }
        fn commit(&mut self, _: &Change) -> Result<Committed> {
            self.hit("commit")
        }
        fn undo(&mut self, _: &str, _: &str, _: &UndoGuard<'_>) -> Result<Undone> {
            self.hit("undo")
        }
        fn log_page(&self, _: &str, _: &str, _: Option<u64>, _: u32) -> Result<Vec<LogEntry>> {
            self.hit("log_page")
        }
        fn recent(&self, _: &[String], _: Option<ChangeId>, _: u32) -> Result<Vec<ChangeSummary>> {
            self.hit("recent")
        }
        fn dump(&self) -> Result<Vec<RawEntity>> {
            self.hit("dump")
        }
        fn history(&self) -> Result<Vec<LoggedWrite>> {
            self.hit("history")
        }
        fn check_writable(&mut self) -> Result<()> {
            self.hit("check_writable")
        }
        fn get_shared(&self, _: &str, _: &str) -> Result<Option<Arc<SharedEntity>>> {
            self.hit("get_shared")
        }
        fn list_shared(&self, _: &str) -> Result<Vec<Arc<SharedEntity>>> {
            self.hit("list_shared")
        }
        fn writes_since(&self, _: Option<&Cursor>) -> Result<Option<WritesSince>> {
            self.hit("writes_since")
        }
        fn newest_change(&self) -> Result<Option<ChangeId>> {
            self.hit("newest_change")
        }
    }

    /// One call of a `Backend` method, by name.
    type Call = (&'static str, fn(&mut dyn Backend));

    /// Every method of the trait, called once (answers ignored).
    fn every_method() -> Vec<Call> {
        vec![
            ("schema_version", |b| drop(b.schema_version())),
            ("get", |b| drop(b.get("character", "Elmira"))),
            ("list", |b| drop(b.list("character"))),
            ("commit", |b| drop(b.commit(&Change::new("cast")))),
            ("undo", |b| {
                drop(b.undo("character", "Elmira", &|_, _| true))
            }),
            ("log", |b| drop(b.log("character", "Elmira"))),
            ("log_page", |b| {
                drop(b.log_page("character", "Elmira", None, 5))
            }),
            ("recent", |b| drop(b.recent(&["character".into()], None, 5))),
            ("dump", |b| drop(b.dump())),
            ("history", |b| drop(b.history())),
            ("check_writable", |b| drop(b.check_writable())),
            ("get_shared", |b| drop(b.get_shared("character", "Elmira"))),
            ("list_shared", |b| drop(b.list_shared("character"))),
            ("list_names", |b| drop(b.list_names("character"))),
            ("writes_since", |b| drop(b.writes_since(None))),
            ("newest_change", |b| drop(b.newest_change())),
        ]
    }

    /// The methods `pub trait Backend` declares, read from its source.
    fn declared_methods() -> Vec<&'static str> {
        let source = include_str!("backend.rs");
        let start = source.find("pub trait Backend").expect("the trait");
        let end = start + source[start..].find("\n}\n").expect("its end");
        source[start..end]
            .split("\n    fn ")
            .skip(1)
            .map(|rest| &rest[..rest.find(['(', '<']).expect("a signature")])
            .collect()
    }

    /// Calls every method through the wrapper `wrap` puts around a probe,
    /// each on a wrapper of its own (so no cache answers for the probe),
    /// and checks the probe was asked exactly what `expected` says (the
    /// same method, unless `expected` maps it to another).
    fn reaches_the_inner_backend(
        wrapper: &str,
        wrap: impl Fn(Probe) -> Box<dyn Backend>,
        expected: &[(&str, &str)],
    ) {
        for (method, call) in every_method() {
            let calls = Calls::default();
            let mut backend = wrap(Probe(Arc::clone(&calls)));
            call(&mut *backend);
            let asked = expected
                .iter()
                .find(|(m, _)| *m == method)
                .map_or(method, |(_, inner)| inner);
            assert_eq!(
                *calls.lock().unwrap(),
                [asked],
                "{wrapper}::{method} should reach the inner backend's {asked}"
            );
        }
    }

    /// `log` is built on `log_page` for every backend.
    const LOG: (&str, &str) = ("log", "log_page");

    /// `list_names` is built on `list_shared` for every backend that keeps
    /// nothing (the probe), and a cache reads the list whole to keep it.
    const NAMES: (&str, &str) = ("list_names", "list_shared");

    #[test]
    fn every_backend_method_is_called_by_this_test() {
        let called: Vec<&str> = every_method().iter().map(|(m, _)| *m).collect();
        assert_eq!(
            called,
            declared_methods(),
            "add the new method to every_method"
        );
    }

    #[test]
    fn a_shared_connection_forwards_every_method() {
        reaches_the_inner_backend(
            "Arc<Mutex>",
            |p| Box::new(Arc::new(Mutex::new(p))),
            &[LOG, NAMES],
        );
    }

    #[test]
    fn a_scope_forwards_every_method() {
        reaches_the_inner_backend(
            "Scoped",
            |p| Box::new(Scoped::new(p, "campaign/a/")),
            &[LOG, NAMES],
        );
    }

    fn cached<B: Backend>(inner: B) -> Cached<B> {
        Cached::new(inner, Arc::new(EntityCache::new()))
    }

    #[test]
    fn a_cache_forwards_every_method_reading_entities_shared() {
        let shared = [LOG, NAMES, ("get", "get_shared"), ("list", "list_shared")];
        reaches_the_inner_backend("Cached", |p| Box::new(cached(p)), &shared);
        // A campaign's store on the server: a scope over a cached, shared
        // connection.
        reaches_the_inner_backend(
            "Scoped<Cached<Arc<Mutex>>>",
            |p| Box::new(Scoped::new(cached(Arc::new(Mutex::new(p))), "campaign/a/")),
            &shared,
        );
    }
}
