//! `xehe devices [--json]`: backends, platforms, root devices, tiles and kernel formats.

use super::error::UsageError;
use crate::cli::stdout::outln;
use clap::Args;
use xehe::device_ops::devices::{report, DeviceReport};
use xehe::runtime::level_zero::hierarchy::Hierarchy;
use xehe::runtime::pool::DeviceSelection;
use xehe::runtime::settings::Settings;
use xehe::runtime::Shuffles;

#[derive(Args)]
pub struct DevicesArgs {
    /// Print the report as JSON (schema 1, documented at `DeviceReport::to_json`).
    #[arg(long)]
    json: bool,
    /// Also list what the device pool of this selection opens (all, all-gpu, or a list such
    /// as opencl:0,opencl:1). Default: XEHE_DEVICES, else the default device.
    #[arg(long, value_parser = |s: &str| DeviceSelection::parse(s).map_err(|e| e.to_string()))]
    devices: Option<DeviceSelection>,
}

fn kib(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
    } else {
        format!("{} KiB", bytes / 1024)
    }
}

fn print_text(r: &DeviceReport) {
    outln!(
        "cpu-sim: available ({} threads, sub-group size {}, {} tile(s))",
        r.cpu_sim.threads,
        r.cpu_sim.sub_group_size,
        r.cpu_sim.tiles
    );
    match &r.level_zero {
        Err(e) => outln!("level-zero: not available: {e}"),
        Ok(devs) => {
            outln!("level-zero: {} GPU(s)", devs.len());
            for d in devs {
                let i = &d.info;
                outln!(
                    "  [{}] {} — driver {}, PCI {:04x}:{:04x}, {} compute units (slices × sub-slices)",
                    i.index, i.name, i.driver, i.vendor_id, i.device_id, i.compute_units
                );
                outln!(
                    "      local memory: {}, max work-group size: {}, sub-group sizes: {:?}",
                    kib(i.local_mem_bytes),
                    i.max_group_size,
                    i.sub_group_sizes
                );
                match &d.tiles {
                    Ok(t) => {
                        let names: Vec<String> = t
                            .iter()
                            .map(|s| format!("{} ({} compute units)", s.name, s.compute_units))
                            .collect();
                        let how = match i.hierarchy {
                            Hierarchy::Composite => "sub-devices",
                            Hierarchy::Flat => "FLAT: listed as devices, grouped",
                        };
                        outln!("      tiles: {} ({how}) — {}", t.len(), names.join("; "));
                        outln!(
                            "      timestamps: {:.3} ns per tick, {} valid bits in kernel timestamps",
                            i.timer_ns, i.kernel_timestamp_bits
                        );
                    }
                    Err(e) => outln!("      tiles: cannot list: {e}"),
                }
            }
        }
    }
    match &r.opencl {
        Err(e) => outln!("opencl: not available: {e}"),
        Ok(devs) => {
            outln!("opencl: {} root device(s)", devs.len());
            for d in devs {
                let i = &d.info;
                outln!(
                    "  [{}] {} — {} ({})",
                    i.index,
                    i.name,
                    i.platform,
                    i.platform_version
                );
                outln!(
                    "      type {}, {}, vendor {}, {} compute units, {} global memory",
                    i.device_type,
                    i.version,
                    i.vendor,
                    i.compute_units,
                    kib(i.global_mem_bytes)
                );
                match &d.tiles {
                    Ok(t) => outln!("      tiles: {t}"),
                    Err(e) => outln!("      tiles: cannot open: {e}"),
                }
                outln!(
                    "      partition types: {}",
                    if i.partition_types.is_empty() {
                        "none".to_string()
                    } else {
                        i.partition_types.join(", ")
                    }
                );
                outln!("      IL: {}", i.il_version.as_deref().unwrap_or("none"));
                outln!(
                    "      sub-group sizes: {} (max sub-groups per work-group: {})",
                    if i.sub_group_sizes.is_empty() {
                        "none reported".to_string()
                    } else {
                        i.sub_group_sizes
                            .iter()
                            .map(|s| s.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    },
                    i.max_sub_groups
                );
                outln!(
                    "      sub-group shuffles (subgroup* NTT variants): {}",
                    match &i.shuffles {
                        Shuffles::Unavailable(why) => format!("unavailable ({why})"),
                        Shuffles::SubGroups(s) => format!("sub-groups of {s:?}"),
                        Shuffles::NvidiaPtx => "PTX shfl.sync on warps (8, 16, 32)".into(),
                    }
                );
                outln!(
                    "      local memory: {}, max work-group size: {}",
                    kib(i.local_mem_bytes),
                    i.max_work_group_size
                );
                outln!("      kernels load as: {}", i.kernel_format.name());
                match &d.ntt {
                    Ok(choices) => {
                        for c in choices {
                            outln!(
                                "      NTT for N = {} × {} components: {} (local block {} words, {} work-items per group; XEHE_NTT_VARIANT overrides)",
                                c.degree,
                                c.components,
                                c.plan.variant.name(),
                                c.plan.local_block,
                                c.plan.group_size
                            );
                        }
                    }
                    Err(e) => outln!("      NTT: {e}"),
                }
            }
        }
    }
    outln!("auto selects: {}", r.auto);
    match &r.pool.devices {
        Ok(devs) => {
            let list: Vec<String> = devs
                .iter()
                .map(|d| format!("{} ({}, {} tile(s))", d.device, d.name, d.tiles))
                .collect();
            outln!(
                "device pool ({}): {} tile(s): {}",
                r.pool.selection,
                devs.iter().map(|d| d.tiles).sum::<usize>(),
                list.join("; ")
            );
        }
        Err(e) => outln!("device pool ({}): cannot open: {e}", r.pool.selection),
    }
}

pub fn run(args: &DevicesArgs) -> Result<(), UsageError> {
    // The same validation as every command: a malformed XEHE_* setting is refused here too.
    let settings = Settings::global().map_err(|e| UsageError(e.to_string()))?;
    let r = report(settings.tiles, args.devices.clone());
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&r.to_json()).map_err(|e| UsageError(e.to_string()))?
        );
    } else {
        print_text(&r);
    }
    Ok(())
}
