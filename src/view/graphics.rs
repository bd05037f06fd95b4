//! Before the window opens: is there a graphics adapter to draw with? Bevy
//! panics without one, so the game asks wgpu first and says what is missing.

use bevy::render::settings::{Backends, WgpuSettings};
use wgpu::{Instance, InstanceDescriptor, RequestAdapterOptions};

/// What the game needs to draw, in the README's words.
pub const DRIVER_NEEDED: &str =
    "a Vulkan driver (`libvulkan1` with `mesa-vulkan-drivers`, or your GPU's driver)";

/// Asks wgpu for an adapter the way Bevy's renderer will (the same
/// backends, `WGPU_BACKEND` included, power preference and fallback
/// setting), and returns a one-line message naming what is missing if
/// there is none. Only the adapter is looked up: no device is created.
pub fn check_for_adapter() -> Result<(), String> {
    let settings = WgpuSettings::default();
    let backends = settings.backends.unwrap_or(Backends::all());
    let instance = Instance::new(InstanceDescriptor {
        backends,
        flags: settings.instance_flags,
        ..InstanceDescriptor::new_without_display_handle()
    });
    let force_fallback_adapter = std::env::var("WGPU_FORCE_FALLBACK_ADAPTER")
        .map_or(settings.force_fallback_adapter, |v| {
            !(v.is_empty() || v == "0" || v == "false")
        });
    let options = RequestAdapterOptions {
        power_preference: settings.power_preference,
        compatible_surface: None,
        force_fallback_adapter,
    };
    match bevy::tasks::block_on(instance.request_adapter(&options)) {
        Ok(_) => Ok(()),
        Err(_) => Err(no_adapter_message(std::env::var("WGPU_BACKEND").ok())),
    }
}

/// The line for a machine with no adapter; `backend_choice` is `WGPU_BACKEND`.
fn no_adapter_message(backend_choice: Option<String>) -> String {
    let asked = backend_choice
        .map(|choice| format!(" (WGPU_BACKEND={choice})"))
        .unwrap_or_default();
    format!("no graphics adapter found{asked}: the game needs {DRIVER_NEEDED}")
}
