//! Reads a large generated (or given) file and times lexing + parsing.
//! `cargo run --release -p mlir-text --example bench_parse [FILE]`

use std::time::Instant;

fn main() {
    let text = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(path).expect("readable UTF-8 file"),
        None => {
            let n = 1_000_000;
            let mut s = String::with_capacity(n * 48);
            s.push_str(
                "hw.module @big(in %a : i32, in %b : i32, out y : i32) {\n  %v0 = comb.add %a, %b : i32\n",
            );
            for i in 1..n {
                let op = ["comb.add", "comb.xor", "comb.and", "comb.mul"][i % 4];
                s.push_str(&format!("  %v{i} = {op} %v{}, %a : i32\n", i - 1));
            }
            s.push_str(&format!("  hw.output %v{} : i32\n}}\n", n - 1));
            s
        }
    };
    println!("{} bytes", text.len());
    let src = mlir_text::SourceFile::new("big.mlir", text);
    let t = Instant::now();
    let f = mlir_text::parse(&src).expect("parses");
    println!("parse: {:?}, {} values", t.elapsed(), f.values.len());
    let t = Instant::now();
    drop(f);
    println!("drop: {:?}", t.elapsed());
}
