//! The CPU simulation of OpenCL's execution model, for kernel bodies written in Rust.
//!
//! A work-group runs phase by phase: a *phase* is the code between two barriers, and
//! [`WorkGroup::phase`] runs it for every work-item of the group before returning, so the
//! boundary between two `phase` calls is a `barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)`.
//! Values a work-item keeps across a barrier live in its private words. Sub-group operations
//! ([`WorkGroup::sub_group_shuffle_xor`]) are collective steps between phases, on private words.
//! No thread per work-item is needed.
//!
//! In race-hunting mode every phase visits the work-items in a fresh random order and local
//! memory starts each work-group filled with a poison pattern: a body that reads local memory
//! another work-item writes in the same phase, or reads local memory nobody wrote, then gives
//! results that change from run to run and disagree with the reference.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// The word local memory is filled with in race-hunting mode.
pub const LOCAL_POISON: u64 = 0xDEAD_BEEF_DEAD_BEEF;

/// A kernel body for the cpu-sim backend: mirrors one OpenCL C kernel statement for statement.
pub trait SimKernel: Send + Sync {
    /// Words of `__local` memory one work-group uses.
    fn local_words(&self, _local_size: [usize; 3], _args: &SimArgs<'_>) -> usize {
        0
    }
    /// Private words per work-item that survive barriers.
    fn private_words(&self) -> usize {
        0
    }
    /// The sub-group size the kernel requires (`intel_reqd_sub_group_size`), if any; the
    /// simulation then forms sub-groups of that size instead of the simulator's default.
    fn sub_group_size(&self) -> Option<usize> {
        None
    }
    /// Runs one work-group.
    fn run_group(&self, wg: &mut WorkGroup<'_>, args: &SimArgs<'_>);
}

/// A `__global ulong*` argument. Accesses are relaxed atomics: work-groups run on several threads,
/// and a racy kernel must give wrong numbers, not undefined behaviour.
///
/// An access past the end of the words is noted in the launch's watch (the simulator turns
/// the first into the launch's typed error; loads read 0 and stores are dropped meanwhile) or,
/// for words wrapped with [`Global::new`] alone, panics.
#[derive(Clone, Copy)]
pub struct Global<'a> {
    words: &'a [AtomicU64],
    /// Where `words` starts in the buffer (after [`Global::at`]), for the fault's message.
    base: usize,
    watch: Option<&'a Watch>,
}

/// Where the simulator notes the first out-of-range access through one buffer argument of a
/// launch.
#[derive(Debug)]
pub(crate) struct Watch {
    arg: usize,
    words: usize,
    first: OnceLock<usize>,
}

impl Watch {
    /// The watch of argument `arg`, a buffer of `words` words.
    pub(crate) fn new(arg: usize, words: usize) -> Self {
        Watch {
            arg,
            words,
            first: OnceLock::new(),
        }
    }

    /// The first out-of-range access, as a sentence, if there was one.
    pub(crate) fn fault(&self) -> Option<String> {
        self.first.get().map(|index| {
            format!(
                "argument {} (a buffer of {} words) accessed at word {index}, past its end",
                self.arg, self.words
            )
        })
    }

    pub(crate) fn faulted(&self) -> bool {
        self.first.get().is_some()
    }
}

impl<'a> Global<'a> {
    /// Wraps words that work-groups share (the simulator's view of a device buffer); an access
    /// past their end panics.
    pub fn new(words: &'a [AtomicU64]) -> Self {
        Global {
            words,
            base: 0,
            watch: None,
        }
    }
    /// Wraps a launch's buffer whose out-of-range accesses `watch` notes.
    pub(crate) fn watched(words: &'a [AtomicU64], watch: &'a Watch) -> Self {
        Global {
            words,
            base: 0,
            watch: Some(watch),
        }
    }
    #[inline(always)]
    pub fn load(&self, i: usize) -> u64 {
        match self.words.get(i) {
            Some(w) => w.load(Ordering::Relaxed),
            None => {
                self.out_of_range(i);
                0
            }
        }
    }
    #[inline(always)]
    pub fn store(&self, i: usize, v: u64) {
        match self.words.get(i) {
            Some(w) => w.store(v, Ordering::Relaxed),
            None => self.out_of_range(i),
        }
    }
    /// Stores the low (`high` false) or high half of word `i`, leaving the other half as
    /// concurrent stores of other work-items leave it: a 32-bit store.
    #[inline(always)]
    pub fn store_half(&self, i: usize, high: bool, v: u32) {
        let (shift, keep) = if high {
            (32, 0xFFFF_FFFF)
        } else {
            (0, 0xFFFF_FFFF_0000_0000)
        };
        match self.words.get(i) {
            Some(w) => {
                let _ = w.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
                    Some(old & keep | (v as u64) << shift)
                });
            }
            None => self.out_of_range(i),
        }
    }
    /// Word `i` counted in words of `W` (a 32-bit word is half of a 64-bit one).
    #[inline(always)]
    pub fn load_as<W: crate::exec::StoredWord>(&self, i: usize) -> W {
        W::load(self, i)
    }
    #[inline(always)]
    pub fn store_as<W: crate::exec::StoredWord>(&self, i: usize, v: W) {
        W::store(self, i, v)
    }
    /// The words from `offset` on: OpenCL's `p += offset` on a `__global` pointer.
    #[inline(always)]
    pub fn at(&self, offset: usize) -> Global<'a> {
        let base = self.base.saturating_add(offset);
        match self.words.get(offset..) {
            Some(words) => Global {
                words,
                base,
                ..*self
            },
            None => {
                self.out_of_range(offset);
                Global {
                    words: &[],
                    base,
                    ..*self
                }
            }
        }
    }
    pub fn len(&self) -> usize {
        self.words.len()
    }
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    #[cold]
    #[inline(never)]
    fn out_of_range(&self, i: usize) {
        let index = self.base.saturating_add(i);
        match self.watch {
            Some(w) => {
                let _ = w.first.set(index);
            }
            None => panic!(
                "word {index} of a buffer of {} words",
                self.base + self.words.len()
            ),
        }
    }
}

/// One argument as a kernel body sees it.
#[derive(Clone, Copy)]
pub enum SimArg<'a> {
    Global(Global<'a>),
    U32(u32),
    U64(u64),
    /// A `__local` buffer argument: its size in words (the memory is the group's `local`).
    Local(usize),
}

/// The arguments of a launch, already checked against the kernel's declaration.
pub struct SimArgs<'a>(pub(crate) Vec<SimArg<'a>>);

impl<'a> SimArgs<'a> {
    /// Wraps arguments (for driving a kernel body directly, e.g. in tests).
    pub fn new(args: Vec<SimArg<'a>>) -> Self {
        SimArgs(args)
    }
    /// Argument `i` as a global buffer. The launch checks make a wrong kind here a bug in the
    /// body; the simulator turns the panic into a typed fault of the launch.
    pub fn global(&self, i: usize) -> Global<'a> {
        match self.0[i] {
            SimArg::Global(g) => g,
            _ => panic!("argument {i} is not a buffer"),
        }
    }
    pub fn u32(&self, i: usize) -> u32 {
        match self.0[i] {
            SimArg::U32(v) => v,
            _ => panic!("argument {i} is not a uint"),
        }
    }
    /// Words of a `__local` buffer argument.
    pub fn local(&self, i: usize) -> usize {
        match self.0[i] {
            SimArg::Local(v) => v,
            _ => panic!("argument {i} is not a local buffer"),
        }
    }
    pub fn u64(&self, i: usize) -> u64 {
        match self.0[i] {
            SimArg::U64(v) => v,
            _ => panic!("argument {i} is not a ulong"),
        }
    }
}

/// The ids of one work-item (OpenCL's get_global_id and friends).
#[derive(Clone, Copy, Debug)]
pub struct WorkItem {
    pub global_id: [usize; 3],
    pub local_id: [usize; 3],
    pub group_id: [usize; 3],
    pub local_size: [usize; 3],
    pub global_size: [usize; 3],
    /// get_local_linear_id().
    pub local_linear_id: usize,
    pub sub_group_id: usize,
    pub sub_group_local_id: usize,
    pub sub_group_size: usize,
}

/// One work-group in flight.
pub struct WorkGroup<'a> {
    items: Vec<WorkItem>,
    order: Vec<usize>,
    local: &'a mut [u64],
    private: &'a mut [u64],
    private_words: usize,
    sub_group_size: usize,
    rng: Option<&'a mut StdRng>,
}

impl<'a> WorkGroup<'a> {
    /// Sets up group `group_id`; `local` and `private` are scratch the caller reuses.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        group_id: [usize; 3],
        local_size: [usize; 3],
        global_size: [usize; 3],
        sub_group_size: usize,
        local: &'a mut [u64],
        private: &'a mut [u64],
        private_words: usize,
        rng: Option<&'a mut StdRng>,
    ) -> Self {
        let count = local_size[0] * local_size[1] * local_size[2];
        let mut items = Vec::with_capacity(count);
        for l2 in 0..local_size[2] {
            for l1 in 0..local_size[1] {
                for l0 in 0..local_size[0] {
                    let linear = l0 + local_size[0] * (l1 + local_size[1] * l2);
                    let local_id = [l0, l1, l2];
                    items.push(WorkItem {
                        global_id: std::array::from_fn(|d| {
                            group_id[d] * local_size[d] + local_id[d]
                        }),
                        local_id,
                        group_id,
                        local_size,
                        global_size,
                        local_linear_id: linear,
                        sub_group_id: linear / sub_group_size,
                        sub_group_local_id: linear % sub_group_size,
                        sub_group_size,
                    });
                }
            }
        }
        if rng.is_some() {
            local.fill(LOCAL_POISON);
        }
        private.fill(0);
        WorkGroup {
            order: (0..count).collect(),
            items,
            local,
            private,
            private_words,
            sub_group_size,
            rng,
        }
    }

    /// Number of work-items in the group.
    pub fn size(&self) -> usize {
        self.items.len()
    }

    /// The global ids of the group's first work-item: what a kernel reads for a condition that is
    /// uniform over the group (dimensions whose local size is 1).
    pub fn first_global_id(&self) -> [usize; 3] {
        self.items[0].global_id
    }

    /// Runs one phase (the code up to the next barrier) for every work-item.
    pub fn phase(&mut self, mut body: impl FnMut(&WorkItem, &mut [u64], &mut [u64])) {
        if let Some(rng) = self.rng.as_deref_mut() {
            self.order.shuffle(rng);
        }
        let pw = self.private_words;
        for &k in &self.order {
            let item = &self.items[k];
            let private = &mut self.private[k * pw..(k + 1) * pw];
            body(item, self.local, private);
        }
    }

    /// `sub_group_shuffle_xor(x, mask)` on private word `reg` of every work-item: each lane gets
    /// the value of lane `lane ^ mask` of its sub-group.
    pub fn sub_group_shuffle_xor(&mut self, reg: usize, mask: usize) {
        self.sub_group_shuffle(reg, |lane| lane ^ mask);
    }

    /// `sub_group_shuffle(x, src(lane))` on private word `reg`: each lane reads the lane `src`
    /// names (taken modulo the sub-group size, as hardware shuffles wrap).
    pub fn sub_group_shuffle(&mut self, reg: usize, src: impl Fn(usize) -> usize) {
        let pw = self.private_words;
        let sg = self.sub_group_size;
        let before: Vec<u64> = (0..self.items.len())
            .map(|k| self.private[k * pw + reg])
            .collect();
        for (k, item) in self.items.iter().enumerate() {
            let base = item.sub_group_id * sg;
            let members = (self.items.len() - base).min(sg);
            let from = base + src(item.sub_group_local_id) % members;
            self.private[k * pw + reg] = before[from];
        }
    }
}
