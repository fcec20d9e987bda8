//! The pages' modules keep the linker's relocations in a wasm build: the
//! release build splits each page's later screens into chunks of their own
//! with them (src/web/split.mjs, src/app/screens/lazy.rs). Only the pages:
//! the AI's worker and the network module (the `kharbga` package's
//! binaries) are not split, and the relocations would otherwise stay in
//! their files.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo::rustc-link-arg-bins=--emit-relocs");
    }
}
