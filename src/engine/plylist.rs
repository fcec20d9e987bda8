//! A list of plies on the stack: what move generation fills, never
//! allocating. An [`ArrayVec`]: no room is written before it is used (a
//! search makes one at every node, and a ply is 16 bytes since Kharbaga's
//! capture paths); it reads as a slice.

use std::fmt;
use std::ops::Deref;

use arrayvec::ArrayVec;

use super::ply::Ply;

/// The most legal plies any position can have: 80 placements, or at most
/// 144 steps on 9×9 each with a flagged twin, or 40 removals.
pub const MAX_PLIES: usize = 290;

/// Legal plies, on the stack.
#[derive(Clone)]
pub struct PlyList {
    plies: ArrayVec<Ply, MAX_PLIES>,
}

impl PlyList {
    /// An empty list.
    pub const fn new() -> PlyList {
        PlyList {
            plies: ArrayVec::new_const(),
        }
    }

    /// Appends a ply. Move generation never makes more than [`MAX_PLIES`]
    /// custodial plies; one more would panic.
    #[inline(always)]
    pub fn push(&mut self, ply: Ply) {
        self.plies.push(ply);
    }

    /// Appends a ply if there is room; false when the list is full.
    #[inline(always)]
    pub fn try_push(&mut self, ply: Ply) -> bool {
        self.plies.try_push(ply).is_ok()
    }

    /// Keeps the first `len` plies.
    #[inline(always)]
    pub fn truncate(&mut self, len: usize) {
        self.plies.truncate(len);
    }

    /// Empties the list.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.plies.clear();
    }

    /// The plies as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Ply] {
        &self.plies
    }

    /// The plies as a slice that can be reordered in place.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Ply] {
        &mut self.plies
    }
}

impl Default for PlyList {
    fn default() -> PlyList {
        PlyList::new()
    }
}

impl Deref for PlyList {
    type Target = [Ply];
    #[inline(always)]
    fn deref(&self) -> &[Ply] {
        self.as_slice()
    }
}

impl PartialEq for PlyList {
    fn eq(&self, other: &PlyList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for PlyList {}

impl fmt::Debug for PlyList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a PlyList {
    type Item = &'a Ply;
    type IntoIter = std::slice::Iter<'a, Ply>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The plies of a list, by value.
#[derive(Clone, Debug)]
pub struct IntoIter {
    list: PlyList,
    next: usize,
}

impl Iterator for IntoIter {
    type Item = Ply;
    fn next(&mut self) -> Option<Ply> {
        let ply = self.list.as_slice().get(self.next).copied()?;
        self.next += 1;
        Some(ply)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len() - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for IntoIter {}

impl IntoIterator for PlyList {
    type Item = Ply;
    type IntoIter = IntoIter;
    fn into_iter(self) -> IntoIter {
        IntoIter {
            list: self,
            next: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_reads_as_a_slice_and_iterates_by_value() {
        let mut list = PlyList::new();
        assert!(list.is_empty());
        list.push(Ply::Stop);
        list.push("c4".parse().unwrap());
        assert_eq!(list.len(), 2);
        assert!(list.contains(&Ply::Stop));
        assert_eq!(
            list.clone()
                .into_iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>(),
            ["stop", "c4"]
        );
        list.clear();
        assert_eq!(list.len(), 0);
    }
}
