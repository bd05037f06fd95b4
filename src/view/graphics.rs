//! Before the window opens: is there a display to open it on, and a
//! graphics adapter to draw with? Bevy panics without either, so the game
//! asks first and says in one line what is missing.

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

/// Checks, before the window opens, that there is a display to open it on:
/// a Wayland compositor (`WAYLAND_DISPLAY`) or an X11 server that answers.
/// Without one winit would panic; this returns the one line to print.
#[cfg(all(unix, not(target_os = "macos")))]
pub fn check_for_display() -> Result<(), String> {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if set("WAYLAND_DISPLAY") {
        return Ok(());
    }
    if !set("DISPLAY") {
        return Err(NO_DISPLAY.to_string());
    }
    let display = std::env::var("DISPLAY").unwrap_or_default();
    x11rb::connect(None).map(drop).map_err(|e| {
        format!(
            "cannot open a window: cannot connect to the X11 display {display:?} ({e}); \
             Gloomdelve needs X11, XWayland or Wayland"
        )
    })
}

/// Other systems always have their own window system.
#[cfg(not(all(unix, not(target_os = "macos"))))]
pub fn check_for_display() -> Result<(), String> {
    Ok(())
}

/// The line for a machine with no display at all.
pub const NO_DISPLAY: &str = "cannot open a window: no X11 display found (DISPLAY is not set) \
     and no Wayland one (WAYLAND_DISPLAY is not set); Gloomdelve needs X11, XWayland or Wayland";
