//! Where a module, cell, port or wire of a Yosys JSON netlist is written in the text.
//!
//! The typed JSON model keeps no positions, so an import error found after parsing (an
//! undriven bit, an unknown cell type, a recursive instantiation) names its module and cell;
//! this scanner finds that key in the text to give the error a line and column. It runs only
//! when there is an error, walks the text once along the key path
//! (`modules` / MODULE / `cells` / CELL), and never fails: it stops at the deepest key found.

/// Byte offset and length of the deepest key of `path` found in `text` (a JSON object at
/// the top), or `None` when not even the first key is there.
pub fn key_path(text: &str, path: &[&str]) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let mut obj = skip_ws(b, 0);
    let mut found = None;
    for want in path {
        if b.get(obj) != Some(&b'{') {
            break;
        }
        let Some((key_at, key_len, value_at)) = find_key(text, obj, want) else { break };
        found = Some((key_at, key_len));
        obj = value_at;
    }
    found
}

/// In the object starting at `obj` (its `{`), the key `want`: its offset, length (quotes
/// included) and the offset of its value.
fn find_key(text: &str, obj: usize, want: &str) -> Option<(usize, usize, usize)> {
    let b = text.as_bytes();
    let mut i = skip_ws(b, obj + 1);
    while b.get(i) == Some(&b'"') {
        let end = skip_string(b, i)?;
        let key: Option<String> = serde_json::from_str(&text[i..end]).ok();
        let colon = skip_ws(b, end);
        if b.get(colon) != Some(&b':') {
            return None;
        }
        let value = skip_ws(b, colon + 1);
        if key.as_deref() == Some(want) {
            return Some((i, end - i, value));
        }
        i = skip_ws(b, skip_value(b, value)?);
        if b.get(i) == Some(&b',') {
            i = skip_ws(b, i + 1);
        }
    }
    None
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
        i += 1;
    }
    i
}

/// One past the closing quote of the string starting at `i`.
fn skip_string(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    loop {
        match b.get(i)? {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// One past the end of the JSON value starting at `i` (iterative: deep nesting is no risk).
fn skip_value(b: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        match b.get(i)? {
            b'"' => i = skip_string(b, i)?,
            b'{' | b'[' => {
                depth += 1;
                i += 1;
            }
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                i += 1;
            }
            _ if depth == 0 => {
                // A scalar: up to the next delimiter.
                while b.get(i).is_some_and(|c| !matches!(c, b',' | b'}' | b']')) {
                    i += 1;
                }
                return Some(i);
            }
            _ => i += 1,
        }
        if depth == 0 {
            return Some(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r#"{
  "creator": "Yosys {x}",
  "modules": {
    "a": { "cells": { "c1": { "type": "$and" } } },
    "b\\c": {
      "ports": { "x": { "bits": [2, "0"] } },
      "cells": { "c1": { "type": "$or", "s": "}\"]" }, "c2": {} }
    }
  }
}"#;

    fn at(path: &[&str]) -> Option<&'static str> {
        key_path(TEXT, path).map(|(i, n)| &TEXT[i..i + n])
    }

    #[test]
    fn finds_keys_along_the_path() {
        assert_eq!(at(&["modules", "a", "cells", "c1"]), Some("\"c1\""));
        let (i, _) = key_path(TEXT, &["modules", "b\\c", "cells", "c2"]).unwrap();
        assert!(TEXT[..i].ends_with("}\\\"]\" }, "), "{}", &TEXT[..i]);
        assert_eq!(at(&["modules", "b\\c", "ports", "x"]), Some("\"x\""));
    }

    #[test]
    fn stops_at_the_deepest_key_found() {
        assert_eq!(at(&["modules", "a", "cells", "nope"]), Some("\"cells\""));
        assert_eq!(at(&["modules", "zz"]), Some("\"modules\""));
        assert_eq!(at(&["nothing"]), None);
        assert_eq!(key_path("[1, 2]", &["modules"]), None);
        assert_eq!(key_path("{\"modules\": {\"a\": ", &["modules", "a", "cells"]), Some((13, 3)));
    }
}
