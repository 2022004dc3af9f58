//! A vector that keeps its first `N` items on the stack: tokens, parse nodes and the dice
//! of an everyday roll fit without touching the allocator.

use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

/// Up to `N` items inline, then one heap vector holding all of them.
#[derive(Clone)]
pub(crate) enum InlineVec<T: Copy + Default, const N: usize> {
    Inline(usize, [T; N]),
    Heap(Vec<T>),
}

impl<T: Copy + Default, const N: usize> InlineVec<T, N> {
    pub(crate) fn new() -> Self {
        Self::Inline(0, [T::default(); N])
    }

    #[inline]
    pub(crate) fn push(&mut self, value: T) {
        match self {
            Self::Inline(len, buf) if *len < N => {
                buf[*len] = value;
                *len += 1;
            }
            _ => self.push_slow(value),
        }
    }

    #[cold]
    fn push_slow(&mut self, value: T) {
        match self {
            Self::Inline(len, buf) => {
                let mut heap = Vec::with_capacity(N * 2);
                heap.extend_from_slice(&buf[..*len]);
                heap.push(value);
                *self = Self::Heap(heap);
            }
            Self::Heap(v) => v.push(value),
        }
    }
}

impl<T: Copy + Default, const N: usize> Default for InlineVec<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Copy + Default, const N: usize> From<Vec<T>> for InlineVec<T, N> {
    fn from(v: Vec<T>) -> Self {
        if v.len() <= N {
            let mut out = Self::new();
            for x in v {
                out.push(x);
            }
            out
        } else {
            Self::Heap(v)
        }
    }
}

impl<T: Copy + Default, const N: usize> Deref for InlineVec<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match self {
            Self::Inline(len, buf) => &buf[..*len],
            Self::Heap(v) => v,
        }
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for InlineVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        match self {
            Self::Inline(len, buf) => &mut buf[..*len],
            Self::Heap(v) => v,
        }
    }
}

impl<T: Copy + Default + std::fmt::Debug, const N: usize> std::fmt::Debug for InlineVec<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for InlineVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for InlineVec<T, N> {}

impl<T: Copy + Default + Hash, const N: usize> Hash for InlineVec<T, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::InlineVec;

    #[test]
    fn spills_to_the_heap_keeping_order() {
        let mut v: InlineVec<u32, 2> = InlineVec::new();
        for i in 0..5 {
            v.push(i);
        }
        assert_eq!(&*v, &[0, 1, 2, 3, 4]);
        let w: InlineVec<u32, 2> = vec![7].into();
        assert!(matches!(w, InlineVec::Inline(1, _)));
        assert_eq!(&*w, &[7]);
    }
}
