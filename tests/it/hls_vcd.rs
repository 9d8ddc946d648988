//! `rmlir-hls cosim KERNEL.mlir --vcd DIR` on an HLS kernel: both simulators' waveforms are
//! written and tell the same story. One cosim run of `tests/hls/dot4_i8.mlir` (a Verilator
//! `--trace` build and a Cargo build); a small VCD reader below (scalars and `b` vectors,
//! no `x`, which `--x-initial 0` and the Rust simulator never produce) reads both files.
//!
//! The timesteps (cosim/src/hls/drivers.rs): `rust.vcd` has time n just after the
//! n-th rising edge; `verilator.vcd` has 2n-2 just before it and 2n-1 just after it. The test
//! checks that mapping against Verilator's `clk`, that every port agrees at every edge,
//! and that the run is the start/done protocol with four reads per memory whose data,
//! multiplied and summed as the kernel says, is the `ret0` shown with `done`.

use crate::support;

use std::collections::HashMap;
use std::path::Path;

/// The value changes of a VCD, by signal.
struct Vcd {
    /// Hierarchical name (scopes joined by `.`) -> identifier code.
    names: Vec<(String, String)>,
    /// Identifier code -> (time, value) changes in time order.
    changes: HashMap<String, Vec<(u64, u64)>>,
    /// The last timestamp.
    end: u64,
}

impl Vcd {
    fn read(path: &Path) -> Vcd {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (head, body) = text.split_once("$enddefinitions").expect("a VCD header");
        let mut names = Vec::new();
        let mut scope: Vec<String> = Vec::new();
        let toks: Vec<&str> = head.split_whitespace().collect();
        let mut i = 0;
        while i < toks.len() {
            match toks[i] {
                "$scope" => scope.push(toks[i + 2].to_string()),
                "$upscope" => {
                    scope.pop();
                }
                // $var KIND WIDTH CODE NAME [RANGE] $end
                "$var" => {
                    let path = scope.iter().map(String::as_str).chain([toks[i + 4]]).collect::<Vec<_>>();
                    names.push((path.join("."), toks[i + 3].to_string()));
                }
                _ => {}
            }
            i += 1;
        }
        let mut changes: HashMap<String, Vec<(u64, u64)>> = HashMap::new();
        let (mut now, mut end) = (0, 0);
        let mut toks = body.split_whitespace().skip(1); // the `$end` of `$enddefinitions`
        while let Some(t) = toks.next() {
            let (value, code) = if let Some(ts) = t.strip_prefix('#') {
                now = ts.parse().expect("a timestamp");
                end = end.max(now);
                continue;
            } else if let Some(bits) = t.strip_prefix('b') {
                (bits, toks.next().expect("a vector's identifier").to_string())
            } else if t.starts_with('$') {
                continue; // $dumpvars, $end, ...
            } else {
                (&t[..1], t[1..].to_string())
            };
            let v = u64::from_str_radix(value, 2).unwrap_or_else(|_| panic!("value '{value}' of '{code}'"));
            changes.entry(code).or_default().push((now, v));
        }
        Vcd { names, changes, end }
    }

    /// The identifier of the top-level port `name`: the shallowest signal of that name.
    fn port(&self, name: &str) -> Option<&str> {
        self.names
            .iter()
            .filter(|(p, _)| p.rsplit('.').next() == Some(name))
            .min_by_key(|(p, _)| p.matches('.').count())
            .map(|(_, c)| c.as_str())
    }

    /// The value of `code` at time `t` (its last change at or before `t`).
    fn at(&self, code: &str, t: u64) -> u64 {
        let ch = &self.changes[code];
        ch.iter()
            .take_while(|(ct, _)| *ct <= t)
            .last()
            .map(|c| c.1)
            .unwrap_or_else(|| panic!("'{code}' at {t}"))
    }
}

const PORTS: &[&str] = &[
    "rst", "start", "done", "ret0", "A_addr", "A_ce", "A_we", "A_rdata", "B_addr", "B_ce", "B_we", "B_rdata",
];

#[test]
fn hls_cosim_writes_two_waveforms_that_agree_at_every_edge() {
    let dir = tempfile::tempdir().unwrap();
    let waves = dir.path().join("waves");
    let kernel = support::repo().join("tests/hls/dot4_i8.mlir");
    let out =
        support::bin().arg("cosim").arg(&kernel).args(["--seed", "1", "--vcd"]).arg(&waves).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    let said = format!("waveforms: {0}/rust.vcd, {0}/verilator.vcd", waves.display());
    assert!(text.contains(&said), "no '{said}' in:\n{text}");
    let cycles: u64 = text.lines().find_map(|l| l.strip_prefix("cycles: ")).unwrap().parse().unwrap();
    let rust = Vcd::read(&waves.join("rust.vcd"));
    let vl = Vcd::read(&waves.join("verilator.vcd"));

    // (a) Both files have the ports (and Verilator its clock).
    let code = |v: &Vcd, side: &str, p: &str| -> String {
        v.port(p).unwrap_or_else(|| panic!("{side}.vcd has no '{p}': {:?}", v.names)).to_string()
    };
    let rc: Vec<String> = PORTS.iter().map(|p| code(&rust, "rust", p)).collect();
    let vc: Vec<String> = PORTS.iter().map(|p| code(&vl, "verilator", p)).collect();
    let clk = code(&vl, "verilator", "clk");

    // The same number of edges on both sides; Verilator's clock rises between 2n-2 and 2n-1.
    let edges = rust.end;
    assert_eq!(vl.end, 2 * edges - 1, "rust.vcd has {edges} edges, verilator.vcd ends at {}", vl.end);
    for n in 1..=edges {
        assert_eq!((vl.at(&clk, 2 * n - 2), vl.at(&clk, 2 * n - 1)), (0, 1), "clk around edge {n}");
    }

    // (b) Every port agrees just after every edge: rust time n, verilator time 2n-1.
    let port = |name: &str| PORTS.iter().position(|p| *p == name).unwrap();
    for n in 1..=edges {
        for (i, p) in PORTS.iter().enumerate() {
            let (r, v) = (rust.at(&rc[i], n), vl.at(&vc[i], 2 * n - 1));
            assert_eq!(r, v, "'{p}' just after edge {n}: rust.vcd {r:#x}, verilator.vcd {v:#x}");
        }
    }

    // (c) The protocol, in Verilator's cycle view: what edge n samples is at time 2n-2.
    let before = |name: &str, n: u64| vl.at(&vc[port(name)], 2 * n - 2);
    let when = |name: &str| -> Vec<u64> { (1..=edges).filter(|&n| before(name, n) == 1).collect() };
    assert_eq!(when("rst"), [1, 2], "rst for the first two edges");
    assert_eq!(when("start"), [3], "start for one edge after reset");
    let done = when("done");
    assert_eq!(done.len(), 1, "done is a one-cycle pulse: edges {done:?}");
    let done = done[0];
    assert_eq!(done - 3, cycles, "cosim's cycle count is the edges from start to done");
    // The last edge ends the done cycle (a write issued then lands); done has fallen after it.
    assert_eq!(edges, done, "the run ends with the edge that samples done");
    assert_eq!(vl.at(&vc[port("done")], 2 * edges - 1), 0, "done after the last edge");
    // Four reads per memory, one per address, each answered on `rdata` at the next edge;
    // the kernel's sum of products (i8, wrapping) is ret0 in the done cycle.
    let mut words: HashMap<&str, Vec<(u64, u8)>> = HashMap::new();
    for m in ["A", "B"] {
        let reads: Vec<u64> = when(&format!("{m}_ce"));
        assert_eq!(reads.len(), 4, "{m}_ce is 1 at edges {reads:?}");
        assert!(reads.iter().all(|&n| n > 3 && n < done), "{m} read outside start..done: {reads:?}");
        for &n in &reads {
            assert_eq!(before(&format!("{m}_we"), n), 0, "{m} is only read");
            let addr = before(&format!("{m}_addr"), n);
            let data = before(&format!("{m}_rdata"), n + 1) as u8;
            words.entry(m).or_default().push((addr, data));
        }
        let mut addrs: Vec<u64> = words[m].iter().map(|w| w.0).collect();
        addrs.sort();
        assert_eq!(addrs, [0, 1, 2, 3], "{m} is read at each address once");
    }
    let mut sum = 0u8;
    for a in 0..4 {
        let w = |m: &str| words[m].iter().find(|w| w.0 == a).unwrap().1;
        sum = sum.wrapping_add(w("A").wrapping_mul(w("B")));
    }
    assert_eq!(
        before("ret0", done),
        sum as u64,
        "ret0 with done is the dot product of the words read: {words:?}"
    );
}
