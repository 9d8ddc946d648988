//! Pass names on the command line, over both registries: the HLS IR passes
//! (`hls::transform::registry`) and the netlist passes (`comb::passes::registry`).
//! `--passes` splits into the two lists; `--print-after` takes a name of either, or `all`.

use crate::error::{Error, Result};

/// Every pass name: the HLS IR passes, then the netlist passes.
pub fn known() -> Vec<&'static str> {
    let mut names = hls::passes::names();
    names.extend(comb::passes::registry().iter().map(|p| p.name()));
    names
}

/// The error for an unknown pass name given to `flag`, listing the passes of both IRs.
pub fn unknown(flag: &str, name: &str, all_too: bool) -> Error {
    let names = known();
    let hint = mlir_text::suggest::did_you_mean(name, names.iter().copied());
    let netlist: Vec<&str> = comb::passes::registry().iter().map(|p| p.name()).collect();
    Error::user(format!(
        "{flag}: unknown pass '{name}'{hint}; the HLS IR passes are: {}; the netlist passes are: {}{}",
        hls::passes::names().join(", "),
        netlist.join(", "),
        if all_too { "; or all" } else { "" }
    ))
}

/// Checks a `--print-after` name.
pub fn check_print_after(name: &str) -> Result<()> {
    if name == "all" || known().contains(&name) {
        Ok(())
    } else {
        Err(unknown("--print-after", name, true))
    }
}

/// `--passes`: the HLS IR passes and the netlist passes of `names`, each list in the
/// order given; an unknown name is an error listing the known ones.
pub fn split(names: &[String]) -> Result<(Vec<String>, Vec<String>)> {
    let hls_names = hls::passes::names();
    let mut hls = Vec::new();
    let mut netlist = Vec::new();
    for n in names {
        if hls_names.contains(&n.as_str()) {
            hls.push(n.clone());
        } else if comb::passes::by_name(n).is_some() {
            netlist.push(n.clone());
        } else {
            return Err(unknown("--passes", n, false));
        }
    }
    Ok((hls, netlist))
}

#[cfg(test)]
mod tests {
    #[test]
    fn splits_names_by_registry_and_lists_both_for_an_unknown_one() {
        let names: Vec<String> = ["const-div", "cse", "narrow"].iter().map(|s| s.to_string()).collect();
        let (h, n) = super::split(&names).unwrap();
        assert_eq!(h, ["const-div", "narrow"]);
        assert_eq!(n, ["cse"]);
        let e = super::split(&["cse-x".to_string()]).unwrap_err().render();
        assert!(e.contains("did you mean 'cse'") || e.contains("cse"), "{e}");
        assert!(e.contains("const-div") && e.contains("dead-code"), "{e}");
        assert!(super::check_print_after("rotate").is_ok());
        assert!(super::check_print_after("all").is_ok());
        assert!(super::check_print_after("nope").is_err());
    }
}
