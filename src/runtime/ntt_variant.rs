//! The names of the NTT kernel sequences ([`NttVariant`]). They belong to the device NTT
//! ([`crate::device_ops::ntt`], its plans and launches) but stand here, in the runtime below it,
//! by design: `XEHE_NTT_VARIANT` is validated with every other setting in [`super::settings`],
//! and the runtime must not import the layer above it.

use crate::runtime::error::{ConfigError, RuntimeResult};

/// An NTT kernel sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NttVariant {
    Radix2,
    Radix2Fused,
    LocalRadix2,
    LocalRadix4,
    LocalRadix8,
    LocalRadix16,
    FourStep,
    Subgroup8,
    Subgroup16,
    Subgroup32,
}

impl NttVariant {
    pub const ALL: [NttVariant; 10] = [
        NttVariant::Radix2,
        NttVariant::Radix2Fused,
        NttVariant::LocalRadix2,
        NttVariant::LocalRadix4,
        NttVariant::LocalRadix8,
        NttVariant::LocalRadix16,
        NttVariant::FourStep,
        NttVariant::Subgroup8,
        NttVariant::Subgroup16,
        NttVariant::Subgroup32,
    ];

    pub fn name(self) -> &'static str {
        match self {
            NttVariant::Radix2 => "radix2",
            NttVariant::Radix2Fused => "radix2-fused",
            NttVariant::LocalRadix2 => "local-radix2",
            NttVariant::LocalRadix4 => "local-radix4",
            NttVariant::LocalRadix8 => "local-radix8",
            NttVariant::LocalRadix16 => "local-radix16",
            NttVariant::FourStep => "four-step",
            NttVariant::Subgroup8 => "subgroup8",
            NttVariant::Subgroup16 => "subgroup16",
            NttVariant::Subgroup32 => "subgroup32",
        }
    }

    /// The sub-group size whose shuffles the variant needs.
    pub fn shuffle_size(self) -> Option<usize> {
        match self {
            NttVariant::Subgroup8 => Some(8),
            NttVariant::Subgroup16 => Some(16),
            NttVariant::Subgroup32 => Some(32),
            _ => None,
        }
    }

    /// Whether the variant's column stages run in local memory (four-step and sub-group).
    pub(crate) fn four_step(self) -> bool {
        matches!(
            self,
            NttVariant::FourStep
                | NttVariant::Subgroup8
                | NttVariant::Subgroup16
                | NttVariant::Subgroup32
        )
    }

    pub fn parse(s: &str) -> RuntimeResult<Self> {
        Self::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| {
                ConfigError::UnknownVariant(s.to_string(), Self::ALL.map(|v| v.name()).join(", "))
                    .into()
            })
    }

    /// log2 of the largest radix of its global passes.
    pub(crate) fn max_log_radix(self) -> u32 {
        match self {
            NttVariant::Radix2 | NttVariant::Radix2Fused | NttVariant::LocalRadix2 => 1,
            NttVariant::LocalRadix4 => 2,
            NttVariant::LocalRadix8 | NttVariant::FourStep => 3,
            NttVariant::Subgroup8 | NttVariant::Subgroup16 | NttVariant::Subgroup32 => 3,
            NttVariant::LocalRadix16 => 4,
        }
    }

    pub(crate) fn uses_local(self) -> bool {
        !matches!(self, NttVariant::Radix2 | NttVariant::Radix2Fused)
    }
}
