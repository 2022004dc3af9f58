//! The module graph's circles, shared by the crates' `module_layers`
//! tests (issue 32): each test draws its crate's graph from the sources,
//! this finds the circles and holds them against the known ones.

use std::collections::{BTreeMap, BTreeSet};

/// The strongly connected components of more than one module (Tarjan).
pub fn circles(g: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<Vec<String>> {
    struct Walk<'a> {
        g: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        out: BTreeSet<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let n = w.index.len();
        w.index.insert(v, n);
        w.low.insert(v, n);
        w.stack.push(v);
        for t in &w.g[v] {
            let t = t.as_str();
            if !w.index.contains_key(t) {
                visit(w, t);
                let lt = w.low[t];
                let lv = w.low.get_mut(v).unwrap();
                *lv = (*lv).min(lt);
            } else if w.stack.contains(&t) {
                let it = w.index[t];
                let lv = w.low.get_mut(v).unwrap();
                *lv = (*lv).min(it);
            }
        }
        if w.low[v] == w.index[v] {
            let mut part = Vec::new();
            while let Some(t) = w.stack.pop() {
                part.push(t.to_owned());
                if t == v {
                    break;
                }
            }
            if part.len() > 1 {
                part.sort();
                w.out.insert(part);
            }
        }
    }
    let mut w = Walk {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: BTreeSet::new(),
    };
    for v in g.keys() {
        if !w.index.contains_key(v.as_str()) {
            visit(&mut w, v);
        }
    }
    w.out
}

/// Fails when `g` has a circle not in `known` (saying how to undo it:
/// `fix`) or no longer has one that `known` lists.
pub fn assert_known(g: &BTreeMap<String, BTreeSet<String>>, known: &[&[&str]], fix: &str) {
    let found = circles(g);
    let known: BTreeSet<Vec<String>> = known
        .iter()
        .map(|c| c.iter().map(|&m| m.to_owned()).collect())
        .collect();
    let new: Vec<_> = found.difference(&known).collect();
    let gone: Vec<_> = known.difference(&found).collect();
    assert!(
        new.is_empty(),
        "modules importing each other round a circle: {new:?}; {fix}"
    );
    assert!(
        gone.is_empty(),
        "these circles are undone; strike them off KNOWN: {gone:?}"
    );
}
