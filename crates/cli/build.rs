//! Tells this crate's tests whether PostgreSQL is configured: with
//! `DATABASE_URL` unset at build time, the tests that need it are listed as
//! ignored, with the reason, in `cargo test`'s summary instead of passing
//! silently.

fn main() {
    println!("cargo::rerun-if-env-changed=DATABASE_URL");
    println!("cargo::rustc-check-cfg=cfg(postgres)");
    if std::env::var_os("DATABASE_URL").is_some() {
        println!("cargo::rustc-cfg=postgres");
    }
}
