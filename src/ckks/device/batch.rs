//! Batches on the device: many plaintexts or ciphertexts of one shape laid end to end in one
//! buffer, so that one launch sequence computes them all (the batched encoding, encryption,
//! decryption and decoding). Items enter and leave a batch by `copy_u64_span` launches on the
//! tile's queue; no word crosses the bus.

use crate::ckks::device::copy::DeviceCopy;
use crate::ckks::device::DeviceContext;
use crate::ckks::error::{CkksError, CkksResult};
use crate::kernels::copy_u64::{SpanArgs, COPY_U64_SPAN};
use crate::runtime::NdRange;
use std::ops::Range;
use std::sync::Arc;

/// How a batch is laid out: `count` items of `words` words each, item b at b·`stride` (words of
/// the context's word size; `words` and `stride` even, so that items lie on 64-bit words).
#[derive(Clone, Copy, Debug)]
pub(crate) struct BatchLayout {
    pub count: usize,
    pub words: usize,
    pub stride: usize,
}

impl BatchLayout {
    /// Items packed end to end.
    pub(crate) fn packed(count: usize, words: usize) -> Self {
        BatchLayout {
            count,
            words,
            stride: words,
        }
    }

    /// The words a buffer needs to hold the batch.
    pub(crate) fn total(&self) -> usize {
        match self.count {
            0 => 0,
            k => (k - 1) * self.stride + self.words,
        }
    }
}

/// Refuses a layout whose items do not lie on 64-bit words (the copies move 64-bit words).
fn check_even(layout: BatchLayout) -> CkksResult<()> {
    if !layout.words.is_multiple_of(2) || !layout.stride.is_multiple_of(2) {
        return Err(CkksError::WrongSize {
            what: "words of a device batch's item and stride (even numbers)",
            expected: layout.words + layout.words % 2,
            given: layout.words,
        });
    }
    Ok(())
}

fn copy_span(
    ctx: &DeviceContext,
    src: &DeviceCopy,
    src_offset: usize,
    dst: &DeviceCopy,
    dst_offset: usize,
    words: usize,
) -> CkksResult<()> {
    // The copy moves storage: offsets and lengths in 64-bit words. Every span starts at a
    // multiple of n·l words and is n·l words long, and n is even, so a span of 32-bit words
    // covers whole 64-bit ones.
    let storage = |w: usize| ctx.word().storage_words(w);
    let args = SpanArgs {
        src: &src.buffer,
        dst: &dst.buffer,
        src_offset: storage(src_offset) as u64,
        dst_offset: storage(dst_offset) as u64,
    };
    // SAFETY: work-item i copies word src_offset + i to dst_offset + i for i < words (storage
    // words); gather and scatter, the only callers, check that both spans lie in their buffers.
    unsafe {
        COPY_U64_SPAN.launch(
            ctx.backend().as_ref(),
            ctx.tile(),
            &NdRange::new([storage(words), 1, 1]),
            args,
        )?
    };
    Ok(())
}

/// The items (each holding at least `layout.words` words, on `ctx`'s tile) copied into one new
/// buffer laid out as `layout`; the words between items are left as they are. The batch is
/// wiped on the device when dropped where `secret` (the items hold messages in clear).
pub(crate) fn gather(
    ctx: &Arc<DeviceContext>,
    items: &[&DeviceCopy],
    layout: BatchLayout,
    secret: bool,
) -> CkksResult<DeviceCopy> {
    if items.len() != layout.count {
        return Err(CkksError::WrongSize {
            what: "items of a device batch",
            expected: layout.count,
            given: items.len(),
        });
    }
    check_even(layout)?;
    for item in items {
        if item.words() < layout.words {
            return Err(CkksError::WrongSize {
                what: "words of a device batch's item",
                expected: layout.words,
                given: item.words(),
            });
        }
    }
    let batch = DeviceCopy::alloc(ctx, layout.total().max(1))?;
    if secret {
        batch.wipe_on_drop();
    }
    for (b, item) in items.iter().enumerate() {
        copy_span(ctx, item, 0, &batch, b * layout.stride, layout.words)?;
    }
    Ok(batch)
}

/// Each item of `batch` (laid out as `layout`) in a new buffer of its own, wiped on the device
/// when dropped where `secret`.
pub(crate) fn scatter(
    ctx: &Arc<DeviceContext>,
    batch: &DeviceCopy,
    layout: BatchLayout,
    secret: bool,
) -> CkksResult<Vec<DeviceCopy>> {
    check_even(layout)?;
    if batch.words() < layout.total() {
        return Err(CkksError::WrongSize {
            what: "words of a device batch",
            expected: layout.total(),
            given: batch.words(),
        });
    }
    (0..layout.count)
        .map(|b| {
            let item = DeviceCopy::alloc(ctx, layout.words)?;
            if secret {
                item.wipe_on_drop();
            }
            copy_span(ctx, batch, b * layout.stride, &item, 0, layout.words)?;
            Ok(item)
        })
        .collect()
}

/// `keys` cut into runs of equal neighbours, each at most `most` long (at least 1): the
/// batches of a list whose items must share a shape (a level, a scale) to share launches.
pub(crate) fn runs<T: PartialEq>(keys: &[T], most: usize) -> Vec<Range<usize>> {
    let most = most.max(1);
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=keys.len() {
        if i == keys.len() || keys[i] != keys[start] || i - start == most {
            out.push(start..i);
            start = i;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_split_at_changes_and_at_the_limit() {
        assert_eq!(runs::<u8>(&[], 4), Vec::<Range<usize>>::new());
        assert_eq!(runs(&[1], 4), vec![0..1]);
        assert_eq!(runs(&[1, 1, 2, 2, 2, 1], 4), vec![0..2, 2..5, 5..6]);
        assert_eq!(runs(&[3; 9], 4), vec![0..4, 4..8, 8..9]);
        assert_eq!(runs(&[3; 2], 0), vec![0..1, 1..2]);
    }

    #[test]
    fn layouts_count_the_words_a_batch_needs() {
        assert_eq!(BatchLayout::packed(3, 10).total(), 30);
        let spaced = BatchLayout {
            count: 3,
            words: 10,
            stride: 20,
        };
        assert_eq!(spaced.total(), 50);
        assert_eq!(BatchLayout::packed(0, 10).total(), 0);
    }
}
