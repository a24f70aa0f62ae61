//! Reads the embedded SPIR-V with rspirv and checks it against the Rust declarations: each
//! kernel's entry point exists, with the declared number of parameters, each of the declared
//! type (`__global` and `__local` pointers to the module's word, `ulong` or `uint`; `uint`,
//! `ulong`), and no buffer the declaration
//! says the kernel writes marked NoWrite. Backends call [`check_module`] before handing a module
//! to a driver.

use super::{ArgKind, KernelModule, KernelSpec};
use rspirv::dr::{self, Operand};
use rspirv::spirv::{
    Decoration, ExecutionModel, FunctionParameterAttribute, Op, StorageClass, Word,
};
use std::collections::HashMap;
use thiserror::Error;

/// The shipped SPIR-V disagrees with the Rust declaration of a kernel.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReflectError {
    /// The module's bytes are not SPIR-V.
    #[error("SPIR-V module {module} is not valid SPIR-V: {reason}")]
    NotSpirv {
        module: &'static str,
        reason: String,
    },
    /// A kernel's entry point is missing or its parameters differ from the declaration.
    #[error("kernel {kernel}: SPIR-V module {module} {problem}")]
    Signature {
        module: &'static str,
        kernel: &'static str,
        problem: String,
    },
}

/// Result alias of the checks.
pub type ReflectResult<T> = Result<T, ReflectError>;

/// A parameter type as SPIR-V declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamType {
    /// Pointer to `ulong` in CrossWorkgroup storage, with whether it carries NoWrite.
    GlobalU64 {
        no_write: bool,
    },
    Int {
        width: u32,
    },
    /// Pointer to `ulong` in Workgroup storage (`__local ulong*`).
    LocalU64,
    /// Pointer to `uint` in CrossWorkgroup storage, with whether it carries NoWrite.
    GlobalU32 {
        no_write: bool,
    },
    /// `__local uint*`.
    LocalU32,
    Other,
}

/// The entry points of a module with their parameter types.
pub fn entry_points(module: &KernelModule) -> ReflectResult<HashMap<String, Vec<ParamType>>> {
    let m = dr::load_bytes(module.spirv).map_err(|e| ReflectError::NotSpirv {
        module: module.name,
        reason: e.to_string(),
    })?;
    let ints: HashMap<Word, u32> = m
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypeInt)
        .filter_map(|i| match (i.result_id, i.operands.first()) {
            (Some(id), Some(Operand::LiteralBit32(w))) => Some((id, *w)),
            _ => None,
        })
        .collect();
    let ptrs = |class: StorageClass, width: u32| -> Vec<Word> {
        m.types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::TypePointer)
            .filter_map(|i| match (i.result_id, i.operands.as_slice()) {
                (Some(id), [Operand::StorageClass(c), Operand::IdRef(t)])
                    if *c == class && ints.get(t) == Some(&width) =>
                {
                    Some(id)
                }
                _ => None,
            })
            .collect()
    };
    let global_u64_ptrs = ptrs(StorageClass::CrossWorkgroup, 64);
    let local_u64_ptrs = ptrs(StorageClass::Workgroup, 64);
    let global_u32_ptrs = ptrs(StorageClass::CrossWorkgroup, 32);
    let local_u32_ptrs = ptrs(StorageClass::Workgroup, 32);
    let no_write: Vec<Word> = m
        .annotations
        .iter()
        .filter(|i| i.class.opcode == Op::Decorate)
        .filter_map(|i| match i.operands.as_slice() {
            [Operand::IdRef(t), Operand::Decoration(Decoration::FuncParamAttr), Operand::FunctionParameterAttribute(FunctionParameterAttribute::NoWrite)] => {
                Some(*t)
            }
            _ => None,
        })
        .collect();
    let mut out = HashMap::new();
    for ep in &m.entry_points {
        let (
            Some(Operand::ExecutionModel(ExecutionModel::Kernel)),
            Some(Operand::IdRef(f)),
            Some(Operand::LiteralString(name)),
        ) = (ep.operands.first(), ep.operands.get(1), ep.operands.get(2))
        else {
            continue;
        };
        let Some(func) = m
            .functions
            .iter()
            .find(|func| func.def.as_ref().and_then(|d| d.result_id) == Some(*f))
        else {
            continue;
        };
        let params = func
            .parameters
            .iter()
            .map(|p| match (p.result_type, p.result_id) {
                (Some(t), Some(id)) if global_u64_ptrs.contains(&t) => ParamType::GlobalU64 {
                    no_write: no_write.contains(&id),
                },
                (Some(t), _) if local_u64_ptrs.contains(&t) => ParamType::LocalU64,
                (Some(t), Some(id)) if global_u32_ptrs.contains(&t) => ParamType::GlobalU32 {
                    no_write: no_write.contains(&id),
                },
                (Some(t), _) if local_u32_ptrs.contains(&t) => ParamType::LocalU32,
                (Some(t), _) => ints
                    .get(&t)
                    .map_or(ParamType::Other, |&width| ParamType::Int { width }),
                _ => ParamType::Other,
            })
            .collect();
        out.insert(name.clone(), params);
    }
    Ok(out)
}

/// Whether a SPIR-V parameter fits a declaration in a module of `word_bits`-bit words. NoWrite
/// is what LLVM proved about the kernel: a buffer the Rust side says the kernel writes must
/// not carry it, while a read-only buffer may lack it (the proof can fail through calls the
/// optimiser did not see through).
fn fits(p: ParamType, kind: ArgKind, word_bits: u32) -> bool {
    let wide = word_bits == 64;
    match (kind, p) {
        (ArgKind::GlobalIn, ParamType::GlobalU64 { .. }) => wide,
        (ArgKind::GlobalIn, ParamType::GlobalU32 { .. }) => !wide,
        (ArgKind::GlobalOut, ParamType::GlobalU64 { no_write }) => wide && !no_write,
        (ArgKind::GlobalOut, ParamType::GlobalU32 { no_write }) => !wide && !no_write,
        (ArgKind::Local, ParamType::LocalU64) => wide,
        (ArgKind::Local, ParamType::LocalU32) => !wide,
        (ArgKind::U32, p) => p == ParamType::Int { width: 32 },
        (ArgKind::U64, p) => p == ParamType::Int { width: 64 },
        _ => false,
    }
}

/// Checks one kernel against its module's SPIR-V.
pub fn check_kernel(kernel: &'static KernelSpec) -> ReflectResult<()> {
    let eps = entry_points(kernel.module)?;
    check_against(kernel, &eps)
}

fn check_against(
    kernel: &'static KernelSpec,
    eps: &HashMap<String, Vec<ParamType>>,
) -> ReflectResult<()> {
    let err = |problem: String| ReflectError::Signature {
        module: kernel.module.name,
        kernel: kernel.name,
        problem,
    };
    let params = eps
        .get(kernel.name)
        .ok_or_else(|| err("has no such entry point".into()))?;
    if params.len() != kernel.args.len() {
        return Err(err(format!(
            "declares {} parameters, the Rust side {}",
            params.len(),
            kernel.args.len()
        )));
    }
    for (i, (&p, &a)) in params.iter().zip(kernel.args).enumerate() {
        if !fits(p, a, kernel.module.word_bits) {
            return Err(err(format!(
                "parameter {i} is {p:?}, the Rust side declares {a:?} in a module of {}-bit words",
                kernel.module.word_bits
            )));
        }
    }
    Ok(())
}

/// Checks every kernel of `module` (and that the module parses).
pub fn check_module(module: &'static KernelModule) -> ReflectResult<()> {
    let eps = entry_points(module)?;
    module.kernels.iter().try_for_each(|k| {
        if !std::ptr::eq(k.module, module) {
            return Err(ReflectError::Signature {
                module: module.name,
                kernel: k.name,
                problem: format!("lists a kernel declared in module {}", k.module.name),
            });
        }
        check_against(k, &eps)
    })
}

/// Checks every shipped kernel. The shipped modules never change while the program runs, so
/// the answer is computed once per process.
pub fn check_all() -> ReflectResult<()> {
    static RESULT: std::sync::OnceLock<ReflectResult<()>> = std::sync::OnceLock::new();
    RESULT
        .get_or_init(|| super::MODULES.iter().try_for_each(|m| check_module(m)))
        .clone()
}
