//! The browser app's entry point: install the panic hook and logging, mount `<App/>`.

fn main() {
    #[cfg(target_arch = "wasm32")]
    {
        console_error_panic_hook::set_once();
        // Logging is a convenience: the app works without it.
        let _ = console_log::init_with_level(log::Level::Info);
        leptos::mount::mount_to_body(kharbga::app::App);
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        eprintln!("kharbga is a browser app: build it with `make serve` or `make build`.");
        std::process::exit(2);
    }
}
