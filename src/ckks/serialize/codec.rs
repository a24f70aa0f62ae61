//! The compression of a body (zstd, zlib), into and out of [`WipeBuf`]s.
//!
//! The codecs run on buffers xehe owns, through their low-level stream interfaces, so no body
//! passes through a codec's own output buffer. What each codec keeps inside its context (zstd's
//! window, zlib's dictionary) is its own memory, freed by it unwiped.

use super::header::ComprMode;
use super::limits::Cap;
use super::wipe_buf::WipeBuf;
use crate::ckks::load_error::LoadError;
use zstd::stream::raw::{CParameter, DParameter, Decoder, Encoder, Operation, OutBuffer};

/// How much output room each codec step gets.
const STEP: usize = 64 << 10;

/// zstd windows up to 8 MiB (2^23, what levels up to 19 use) are always accepted; a larger one
/// only as far as the body may reach, and never past zstd's own default limit (2^27). A frame
/// cannot make the decoder allocate more.
const ZSTD_WINDOW_LOG_MIN: u32 = 23;
const ZSTD_WINDOW_LOG_MAX: u32 = 27;

/// `body` compressed as `mode` says, with SEAL's settings unless `zstd_level` names another
/// level for zstd.
pub(crate) fn compress(
    body: &[u8],
    mode: ComprMode,
    zstd_level: Option<i32>,
) -> std::io::Result<WipeBuf> {
    let mut out = WipeBuf::default();
    match mode {
        ComprMode::None => out.extend_from_slice(body),
        ComprMode::Zlib => {
            let mut z = flate2::Compress::new(flate2::Compression::best(), true);
            loop {
                let (read, wrote) = (z.total_in(), z.total_out());
                let status = z
                    .compress(
                        &body[read as usize..],
                        out.spare(STEP, usize::MAX),
                        flate2::FlushCompress::Finish,
                    )
                    .map_err(std::io::Error::other)?;
                out.commit((z.total_out() - wrote) as usize);
                if status == flate2::Status::StreamEnd {
                    break;
                }
            }
        }
        // SEAL streams the body into level 3 (zstd's default) with its size pledged; doing the
        // same gives SEAL's bytes (a one-shot compression differs above 128 KiB).
        ComprMode::Zstd => {
            let mut z = Encoder::new(zstd_level.unwrap_or(3))?;
            z.set_pledged_src_size(Some(body.len() as u64))?;
            z.set_parameter(CParameter::ContentSizeFlag(true))?;
            let mut input = body;
            while !input.is_empty() {
                let s = z.run_on_buffers(input, out.spare(STEP, usize::MAX))?;
                out.commit(s.bytes_written);
                input = &input[s.bytes_read..];
            }
            loop {
                let mut room = OutBuffer::around(out.spare(STEP, usize::MAX));
                let left = z.finish(&mut room, true)?;
                let n = room.pos();
                out.commit(n);
                if left == 0 {
                    break;
                }
            }
        }
    }
    Ok(out)
}

/// Decompresses `data`, stopping as soon as the output passes `cap` (a decompression bomb
/// stops there, never allocating what it claims).
pub(crate) fn decompress(
    data: WipeBuf,
    mode: ComprMode,
    cap: Cap,
    what: &'static str,
) -> Result<WipeBuf, LoadError> {
    let out = match mode {
        ComprMode::None => data,
        ComprMode::Zlib => inflate(data.as_slice(), cap, what)?,
        ComprMode::Zstd => unzstd(data.as_slice(), cap, what)?,
    };
    if out.len() as u64 > cap.bytes {
        return Err(cap.exceeded(what, out.len() as u64));
    }
    Ok(out)
}

/// One byte past the cap shows that a body goes past it.
fn room_limit(cap: Cap) -> usize {
    usize::try_from(cap.bytes.saturating_add(1)).unwrap_or(usize::MAX)
}

fn inflate(data: &[u8], cap: Cap, what: &'static str) -> Result<WipeBuf, LoadError> {
    let fail = |reason: String| LoadError::Decompress {
        mode: "zlib",
        reason,
    };
    let mut out = WipeBuf::default();
    let mut z = flate2::Decompress::new(true);
    loop {
        let (read, wrote) = (z.total_in() as usize, z.total_out());
        let status = z
            .decompress(
                &data[read..],
                out.spare(STEP, room_limit(cap)),
                flate2::FlushDecompress::None,
            )
            .map_err(|e| fail(e.to_string()))?;
        let progress = z.total_out() - wrote;
        out.commit(progress as usize);
        if out.len() as u64 > cap.bytes {
            return Err(cap.exceeded(what, out.len() as u64));
        }
        if status == flate2::Status::StreamEnd {
            let extra = data.len() - z.total_in() as usize;
            if extra > 0 {
                return Err(LoadError::TrailingBytes {
                    what: "zlib stream",
                    extra: extra as u64,
                });
            }
            return Ok(out);
        }
        if progress == 0 && z.total_in() as usize == read {
            return Err(fail("the data ends inside the stream".into()));
        }
    }
}

fn unzstd(data: &[u8], cap: Cap, what: &'static str) -> Result<WipeBuf, LoadError> {
    let fail = |reason: String| LoadError::Decompress {
        mode: "zstd",
        reason,
    };
    // A frame that names its size is refused before anything is decoded.
    if let Ok(Some(claimed)) = zstd::zstd_safe::get_frame_content_size(data) {
        if claimed > cap.bytes {
            return Err(cap.exceeded(what, claimed));
        }
    }
    let window_log =
        (64 - cap.bytes.leading_zeros()).clamp(ZSTD_WINDOW_LOG_MIN, ZSTD_WINDOW_LOG_MAX);
    let mut z = Decoder::new().map_err(|e| fail(e.to_string()))?;
    z.set_parameter(DParameter::WindowLogMax(window_log))
        .map_err(|e| fail(e.to_string()))?;
    let mut out = WipeBuf::default();
    let mut input = data;
    loop {
        let s = z
            .run_on_buffers(input, out.spare(STEP, room_limit(cap)))
            .map_err(|e| fail(e.to_string()))?;
        out.commit(s.bytes_written);
        input = &input[s.bytes_read..];
        if out.len() as u64 > cap.bytes {
            return Err(cap.exceeded(what, out.len() as u64));
        }
        // Hint 0: a frame ended; any input left is the next frame.
        if s.remaining == 0 && input.is_empty() {
            return Ok(out);
        }
        if s.bytes_read == 0 && s.bytes_written == 0 {
            return Err(fail("the data ends inside a frame".into()));
        }
    }
}
