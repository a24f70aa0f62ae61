//! Driver handles and the table that names them by 64-bit id.

use super::sync::lock;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// A driver handle (a pointer the driver owns: `cl_mem`, `cl_context`, `ze_*_handle_t`).
/// OpenCL and Level Zero objects are thread-safe where the backends do not lock them (the
/// exceptions, setting kernel arguments and appending to command lists, happen under a tile
/// lock), so the handle may cross threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct DriverHandle<T>(pub T);
// SAFETY: see the type's documentation: the driver synchronizes the object behind the handle.
unsafe impl<T> Send for DriverHandle<T> {}
unsafe impl<T> Sync for DriverHandle<T> {}

/// Handles by id: what a memory cache's buffer ids stand for in one backend. Ids are unique
/// in the process (one counter for every table) and never reused, so a stale id, or the id of
/// another backend's or tile's buffer, is an unknown buffer here, never another one: a buffer's
/// size, which launches and copies are checked against, is always the size of what its id
/// names.
pub(crate) struct HandleTable<T> {
    handles: Mutex<HashMap<u64, T>>,
}

/// The last id handed out by any table.
static LAST_ID: AtomicU64 = AtomicU64::new(0);

impl<T> Default for HandleTable<T> {
    fn default() -> Self {
        HandleTable {
            handles: Mutex::new(HashMap::new()),
        }
    }
}

impl<T: Clone> HandleTable<T> {
    /// Files `handle` under a fresh id.
    pub fn insert(&self, handle: T) -> u64 {
        let id = LAST_ID.fetch_add(1, Ordering::Relaxed) + 1;
        lock(&self.handles).insert(id, handle);
        id
    }

    pub fn get(&self, id: u64) -> Option<T> {
        lock(&self.handles).get(&id).cloned()
    }

    /// Runs `f` with the table locked once: a launch resolves all its buffers in one go.
    pub fn with<R>(&self, f: impl FnOnce(&dyn Fn(u64) -> Option<T>) -> R) -> R {
        let handles = lock(&self.handles);
        f(&|id| handles.get(&id).cloned())
    }

    /// Takes the handle out (the caller releases it).
    pub fn remove(&self, id: u64) -> Option<T> {
        lock(&self.handles).remove(&id)
    }
}

#[cfg(test)]
mod tests {
    use super::HandleTable;

    #[test]
    fn ids_are_fresh_and_stale_ids_are_unknown() {
        let t = HandleTable::default();
        let (a, b) = (t.insert('a'), t.insert('b'));
        assert_ne!(a, b);
        assert_eq!(t.remove(a), Some('a'));
        assert_eq!(t.get(a), None);
        let c = t.insert('c');
        assert!(c != a && c != b, "ids are never reused");
        assert_eq!((t.get(b), t.get(c)), (Some('b'), Some('c')));
    }

    #[test]
    fn another_tables_ids_are_unknown() {
        let (t, u) = (HandleTable::default(), HandleTable::default());
        let a = t.insert('a');
        let b = u.insert('b');
        assert_ne!(a, b);
        assert_eq!((t.get(b), u.get(a)), (None, None));
    }
}
