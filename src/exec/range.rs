//! The launch domain.

use crate::exec::error::LaunchError;

/// A 3-D launch domain; `local` is the work-group size (None: the backend chooses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NdRange {
    pub global: [usize; 3],
    pub local: Option<[usize; 3]>,
}

impl NdRange {
    /// A domain with the work-group size left to the backend.
    pub fn new(global: [usize; 3]) -> Self {
        NdRange {
            global,
            local: None,
        }
    }

    /// A domain with this work-group size.
    pub fn with_local(global: [usize; 3], local: [usize; 3]) -> Self {
        NdRange {
            global,
            local: Some(local),
        }
    }

    /// Checks the sizes: every global size positive and divisible by its local size.
    pub fn validate(&self, kernel: &'static str) -> Result<(), LaunchError> {
        let bad = |problem: String| Err(LaunchError { kernel, problem });
        if self.global.contains(&0) {
            return bad(format!("empty global range {:?}", self.global));
        }
        if let Some(local) = self.local {
            for d in 0..3 {
                if local[d] == 0 || !self.global[d].is_multiple_of(local[d]) {
                    return bad(format!(
                        "work-group size {local:?} does not divide global range {:?}",
                        self.global
                    ));
                }
            }
        }
        Ok(())
    }

    /// The work-group size the simulation uses when none is given: the largest power of two up
    /// to 256 that divides the first dimension, one in the others.
    pub fn local_or_default(&self) -> [usize; 3] {
        self.local.unwrap_or_else(|| {
            let g0 = self.global[0];
            let pow2 = 1usize << g0.trailing_zeros().min(8);
            [pow2, 1, 1]
        })
    }
}
