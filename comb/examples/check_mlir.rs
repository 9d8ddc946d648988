//! Parses and builds each file given on the command line; prints errors rendered or a
//! one-line summary per module. `cargo run -p rmlir-comb --example check_mlir -- FILES...`

fn main() {
    for path in std::env::args().skip(1) {
        let Ok(bytes) = std::fs::read(&path) else {
            eprintln!("{path}: cannot read");
            continue;
        };
        let (src, bad) = mlir_text::decode_source_owned(&path, bytes);
        if let Some(d) = bad {
            eprint!("{}", d.render(&src));
            continue;
        }
        let file = match mlir_text::parse(&src) {
            Ok(f) => f,
            Err(d) => {
                eprint!("{}", d.render(&src));
                continue;
            }
        };
        match comb::build_design_owned(file, None) {
            Ok(d) => {
                for m in &d.modules {
                    println!(
                        "{path}: module {} with {} ports, {} cells",
                        m.name,
                        m.ports.len(),
                        m.cell_count()
                    );
                }
            }
            Err(ds) => ds.iter().for_each(|d| eprint!("{}", d.render(&src))),
        }
    }
}
