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
/// a Wayland compositor's socket (`WAYLAND_DISPLAY`, which winit prefers)
/// or an X11 server that answers (`DISPLAY`). Without one winit would
/// panic; this returns the one line to print instead.
#[cfg(all(unix, not(target_os = "macos")))]
pub fn check_for_display() -> Result<(), String> {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    if var("WAYLAND_DISPLAY").is_some_and(|name| wayland_socket_exists(&name)) {
        return Ok(());
    }
    let Some(display) = var("DISPLAY") else {
        return Err(NO_DISPLAY.to_string());
    };
    let answer = connect_to_x11_within(X11_PATIENCE);
    answer.map_err(|why| {
        format!(
            "cannot open a window: cannot connect to the X11 display {display:?} ({why}); \
             Gloomdelve needs X11, XWayland or Wayland"
        )
    })
}

/// How long the X11 server may take to answer before the game gives up on
/// it: a stopped server, or a dead SSH forward, accepts and never answers.
#[cfg(all(unix, not(target_os = "macos")))]
pub(crate) const X11_PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

/// Connects to the X11 server of `DISPLAY` on a thread of its own, and
/// waits at most `patience` for its answer. A connection that hangs is
/// left to the thread, which dies with the process.
#[cfg(all(unix, not(target_os = "macos")))]
fn connect_to_x11_within(patience: std::time::Duration) -> Result<(), String> {
    let (answer, answered) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("x11 check".to_string())
        .spawn(move || {
            let result = x11rb::connect(None).map(drop).map_err(|e| e.to_string());
            // The receiver is gone once the wait is over: nothing to tell.
            let _ = answer.send(result);
        });
    if let Err(e) = spawned {
        return Err(format!("cannot start the check: {e}"));
    }
    answered.recv_timeout(patience).unwrap_or_else(|_| {
        Err(format!(
            "the server did not answer within {} s",
            patience.as_secs()
        ))
    })
}

/// Whether the Wayland display `name` (a socket in `XDG_RUNTIME_DIR`, or
/// an absolute path) is a socket a compositor listens on.
#[cfg(all(unix, not(target_os = "macos")))]
fn wayland_socket_exists(name: &str) -> bool {
    use std::os::unix::fs::FileTypeExt;
    let path = std::path::Path::new(name);
    let path = match std::env::var_os("XDG_RUNTIME_DIR") {
        _ if path.is_absolute() => path.to_path_buf(),
        Some(dir) => std::path::Path::new(&dir).join(path),
        None => return false,
    };
    std::fs::metadata(path).is_ok_and(|m| m.file_type().is_socket())
}

/// Other systems always have their own window system.
#[cfg(not(all(unix, not(target_os = "macos"))))]
pub fn check_for_display() -> Result<(), String> {
    Ok(())
}

/// The line for a machine with no display at all: no `DISPLAY`, and no
/// Wayland compositor where `WAYLAND_DISPLAY` points (or no such variable).
pub const NO_DISPLAY: &str = "cannot open a window: no X11 display found (DISPLAY is not set) \
     and no Wayland compositor; Gloomdelve needs X11, XWayland or Wayland";
