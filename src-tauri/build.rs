//! Generates the Tauri context and the permissions for the app's own commands. Declaring the
//! commands in an app manifest means a window may call only those a capability grants it.

fn main() {
    // The UI (`frontendDist`, ../ui) is compiled into the app by `generate_context!`: a change to
    // any of its files builds the app again (tauri-build does not ask cargo to watch it), so the
    // app `scripts/run.sh` starts and the end-to-end tests drive always shows the UI as it is.
    println!("cargo:rerun-if-changed=../ui");
    let commands: &[&str] = &app_commands::NAMES;
    tauri_build::try_build(
        tauri_build::Attributes::new().app_manifest(tauri_build::AppManifest::new().commands(commands)),
    )
    .expect("failed to run tauri-build");
}

#[path = "src/command_names.rs"]
mod app_commands;
