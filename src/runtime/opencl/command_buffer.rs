//! `cl_khr_command_buffer`: a tile's launches recorded once into a driver command buffer and
//! replayed with one enqueue (Intel's OpenCL runtime and PoCL offer it; NVIDIA's does not, and
//! its recordings are lists of launches). The entry points come from
//! `clGetExtensionFunctionAddressForPlatform`: ICD loaders need not export extension functions
//! (Debian's does not).

use crate::runtime::error::{RuntimeError, RuntimeResult};
use crate::runtime::recording::{NativeRecording, RecordedLaunch};
use crate::runtime::toolkit::DriverHandle;
use opencl3::types::{cl_command_queue, cl_event, cl_int, cl_kernel, cl_platform_id, cl_uint};
use std::ffi::{c_void, CString};

type CommandBuffer = *mut c_void;
/// cl_ext.h: CL_COMMAND_BUFFER_FLAGS_KHR, CL_COMMAND_BUFFER_SIMULTANEOUS_USE_KHR.
const CL_COMMAND_BUFFER_FLAGS_KHR: u64 = 0x1293;
const SIMULTANEOUS_USE: u64 = 1;
const CL_INVALID_OPERATION: cl_int = -59;
type CreateFn = unsafe extern "C" fn(
    cl_uint,
    *const cl_command_queue,
    *const u64,
    *mut cl_int,
) -> CommandBuffer;
type NdRangeFn = unsafe extern "C" fn(
    CommandBuffer,
    cl_command_queue,
    *const u64,
    cl_kernel,
    cl_uint,
    *const usize,
    *const usize,
    *const usize,
    cl_uint,
    *const cl_uint,
    *mut cl_uint,
    *mut *mut c_void,
) -> cl_int;
type FinalizeFn = unsafe extern "C" fn(CommandBuffer) -> cl_int;
type EnqueueFn = unsafe extern "C" fn(
    cl_uint,
    *mut cl_command_queue,
    CommandBuffer,
    cl_uint,
    *const cl_event,
    *mut cl_event,
) -> cl_int;
type ReleaseFn = unsafe extern "C" fn(CommandBuffer) -> cl_int;

/// The extension's entry points on one platform.
#[derive(Clone, Copy)]
pub(super) struct CommandBufferFns {
    create: CreateFn,
    nd_range: NdRangeFn,
    finalize: FinalizeFn,
    enqueue: EnqueueFn,
    release: ReleaseFn,
}

fn check(call: &'static str, status: cl_int) -> RuntimeResult<()> {
    if status == 0 {
        Ok(())
    } else {
        Err(RuntimeError::cl(call, status))
    }
}

impl CommandBufferFns {
    /// The entry points, where `extensions` lists cl_khr_command_buffer and the platform gives
    /// all of them.
    pub(super) fn load(platform: cl_platform_id, extensions: &str) -> Option<Self> {
        if !extensions
            .split_whitespace()
            .any(|e| e == "cl_khr_command_buffer")
        {
            return None;
        }
        let cl = cl3::load_library().as_ref().ok()?;
        let get = |name: &str| -> Option<*mut c_void> {
            let name = CString::new(name).ok()?;
            let p = cl.clGetExtensionFunctionAddressForPlatform(platform, name.as_ptr())?;
            (!p.is_null()).then_some(p)
        };
        // SAFETY: each pointer is the platform's entry point of that name, whose C signature
        // (cl_ext.h, cl_khr_command_buffer) the type spells out.
        unsafe {
            Some(CommandBufferFns {
                create: std::mem::transmute::<*mut c_void, CreateFn>(get(
                    "clCreateCommandBufferKHR",
                )?),
                nd_range: std::mem::transmute::<*mut c_void, NdRangeFn>(get(
                    "clCommandNDRangeKernelKHR",
                )?),
                finalize: std::mem::transmute::<*mut c_void, FinalizeFn>(get(
                    "clFinalizeCommandBufferKHR",
                )?),
                enqueue: std::mem::transmute::<*mut c_void, EnqueueFn>(get(
                    "clEnqueueCommandBufferKHR",
                )?),
                release: std::mem::transmute::<*mut c_void, ReleaseFn>(get(
                    "clReleaseCommandBufferKHR",
                )?),
            })
        }
    }
}

/// A command buffer being recorded on a queue: each command waits for the one before (the
/// commands of a command buffer are otherwise unordered).
pub(super) struct Recorder {
    fns: CommandBufferFns,
    buffer: DriverHandle<CommandBuffer>,
    queue: DriverHandle<cl_command_queue>,
    last: Option<cl_uint>,
    /// The launches, for replays the driver cannot take.
    pub(super) list: Vec<RecordedLaunch>,
    /// One kernel object per command, cloned with its arguments.
    kernels: Vec<DriverHandle<cl_kernel>>,
}

impl Recorder {
    pub(super) fn new(fns: CommandBufferFns, queue: cl_command_queue) -> RuntimeResult<Self> {
        // Simultaneous use lets a replay be enqueued while the last one is pending; drivers
        // without it refuse the flag, and their busy replays are issued launch by launch.
        let simultaneous: [u64; 3] = [CL_COMMAND_BUFFER_FLAGS_KHR, SIMULTANEOUS_USE, 0];
        let mut status = 0;
        let mut buffer = unsafe { (fns.create)(1, &queue, simultaneous.as_ptr(), &mut status) };
        if status != 0 {
            buffer = unsafe { (fns.create)(1, &queue, std::ptr::null(), &mut status) };
        }
        check("clCreateCommandBufferKHR", status)?;
        // The queue (and through it the context) stays alive while a recording may replay,
        // even past the backend.
        if let Err(c) = unsafe { cl3::command_queue::retain_command_queue(queue) } {
            unsafe { (fns.release)(buffer) };
            return Err(RuntimeError::cl("clRetainCommandQueue", c));
        }
        Ok(Recorder {
            fns,
            buffer: DriverHandle(buffer),
            queue: DriverHandle(queue),
            last: None,
            list: Vec::new(),
            kernels: Vec::new(),
        })
    }

    /// Records `kernel` (its arguments as set now, `launch` their owned copy) over its range.
    pub(super) fn launch(
        &mut self,
        kernel: cl_kernel,
        launch: RecordedLaunch,
    ) -> RuntimeResult<()> {
        let (global, local) = (&launch.range.global, launch.range.local.as_ref());
        // The spec has a command capture the kernel's arguments when it is recorded, but PoCL
        // 3.1 (extension 0.9.0) reads them at replay: a kernel object recorded twice with other
        // arguments then runs twice with the last ones (a recorded MulLin gave other words).
        // A clone per command carries its own arguments on every driver.
        let kernel =
            cl3::kernel::clone_kernel(kernel).map_err(|c| RuntimeError::cl("clCloneKernel", c))?;
        self.kernels.push(DriverHandle(kernel));
        let mut point: cl_uint = 0;
        let waits: Vec<cl_uint> = self.last.into_iter().collect();
        let status = unsafe {
            (self.fns.nd_range)(
                self.buffer.0,
                std::ptr::null_mut(),
                std::ptr::null(),
                kernel,
                3,
                std::ptr::null(),
                global.as_ptr(),
                local.map_or(std::ptr::null(), |l| l.as_ptr()),
                waits.len() as cl_uint,
                if waits.is_empty() {
                    std::ptr::null()
                } else {
                    waits.as_ptr()
                },
                &mut point,
                std::ptr::null_mut(),
            )
        };
        check("clCommandNDRangeKernelKHR", status)?;
        self.last = Some(point);
        self.list.push(launch);
        Ok(())
    }

    /// Finalizes the buffer for replay (released on failure), with the launches.
    pub(super) fn finish(mut self) -> RuntimeResult<(ClCommandBuffer, Vec<RecordedLaunch>)> {
        let list = std::mem::take(&mut self.list);
        let recorded = ClCommandBuffer {
            fns: self.fns,
            buffer: self.buffer,
            queue: self.queue,
            kernels: std::mem::take(&mut self.kernels),
        };
        // The command buffer, the queue reference and the clones now belong to `recorded`.
        std::mem::forget(self);
        check("clFinalizeCommandBufferKHR", unsafe {
            (recorded.fns.finalize)(recorded.buffer.0)
        })?;
        Ok((recorded, list))
    }
}

/// An unfinished recording (its tile dropped while recording) is released like a finished one.
impl Drop for Recorder {
    fn drop(&mut self) {
        drop(ClCommandBuffer {
            fns: self.fns,
            buffer: self.buffer,
            queue: self.queue,
            kernels: std::mem::take(&mut self.kernels),
        });
    }
}

/// A finalized command buffer.
pub(super) struct ClCommandBuffer {
    fns: CommandBufferFns,
    buffer: DriverHandle<CommandBuffer>,
    queue: DriverHandle<cl_command_queue>,
    kernels: Vec<DriverHandle<cl_kernel>>,
}

impl NativeRecording for ClCommandBuffer {
    fn replay(&self) -> RuntimeResult<bool> {
        let status = unsafe {
            (self.fns.enqueue)(
                0,
                std::ptr::null_mut(),
                self.buffer.0,
                0,
                std::ptr::null(),
                std::ptr::null_mut(),
            )
        };
        // CL_INVALID_OPERATION: the last replay is still pending and the buffer was made
        // without simultaneous use.
        if status == CL_INVALID_OPERATION {
            return Ok(false);
        }
        check("clEnqueueCommandBufferKHR", status)?;
        Ok(true)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

impl Drop for ClCommandBuffer {
    fn drop(&mut self) {
        // Release only fails for an invalid object, which this type rules out.
        unsafe { (self.fns.release)(self.buffer.0) };
        for k in &self.kernels {
            let _ = unsafe { cl3::kernel::release_kernel(k.0) };
        }
        let _ = unsafe { cl3::command_queue::release_command_queue(self.queue.0) };
    }
}
