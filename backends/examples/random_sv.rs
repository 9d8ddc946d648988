//! Prints the SystemVerilog (or with `mlir` as third argument, the MLIR) of a random
//! batch design: `cargo run -p rmlir-backends --example random_sv -- SEED COUNT [mlir]`.
//! Set `O1=1` to optimize first. A debugging aid for the random differential tests.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(0xC0FFEE);
    let count: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(25);
    let cfg = comb::random::RandomConfig {
        ops: 40,
        max_width: 200,
        registers: true,
        instances: std::env::var_os("NOINST").is_none(),
        memories: true,
    };
    let mut d = comb::random::random_batch(seed, count, &cfg);
    if std::env::var_os("O1").is_some() {
        let mut pipeline = comb::passes::pipeline(comb::passes::OptLevel::O1);
        comb::passes::PassManager::default().run(&mut d, &mut pipeline).expect("passes");
    }
    if args.get(3).map(String::as_str) == Some("mlir") {
        print!("{}", backends::mlir::emit(&d, false));
    } else {
        print!("{}", backends::verilog::emit(&d));
    }
}
