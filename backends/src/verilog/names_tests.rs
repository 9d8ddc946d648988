//! Unit tests of the name legalizer and uniquifier (`names.rs`).
use super::*;

#[test]
fn legalizes_and_uniquifies() {
    let mut n = Namer::new();
    let mut user = |s: &'static str| {
        let id = n.user(s);
        n.get(id).to_string()
    };
    assert_eq!(user("reg"), "reg_0");
    assert_eq!(user("x"), "x");
    assert_eq!(user("x"), "x_0");
    assert_eq!(user("a.b-c"), "\\a.b-c ");
    assert_eq!(user("a.b-c"), "\\a.b-c_0 ");
    assert_eq!(user("opcode[0]"), "\\opcode[0] ");
    assert_eq!(user("a b"), "a_b");
    assert_eq!(user("3d"), "\\3d ");
    assert_eq!(user("_1"), "_1");
    assert_eq!(user("x_0"), "x_0_0");
    assert_eq!(n.temp(), 0);
    assert_eq!(n.temp(), 2);
    assert_eq!(Name::Temp(2).to_string(), "_2");
    assert!(is_temp_shape("_12") && !is_temp_shape("_a") && !is_temp_shape("_"));
}

#[test]
fn as_is_many_names() {
    let n = Namer::new();
    let names: Vec<String> = (0..50_000).map(|i| format!("v{i}")).collect();
    let check = |extra: &str| {
        let mut c = AsIs::new(&n, names.len() + 1);
        names.iter().for_each(|s| c.add(s));
        c.add(extra);
        c.holds()
    };
    assert!(check("w"));
    assert!(!check("v12345"));
    assert!(!check("wire"));
}

#[test]
fn as_is_check() {
    let mut n = Namer::new();
    n.user("x");
    let all = |names: &[&str]| {
        let mut c = AsIs::new(&n, names.len());
        names.iter().for_each(|s| c.add(s));
        c.holds()
    };
    assert!(all(&["a", "b", "x_0", "_01"]));
    assert!(!all(&["a", "a"]));
    assert!(!all(&["x"]));
    assert!(!all(&["reg"]));
    assert!(!all(&["a.b"]));
    assert!(!all(&["_3"]));
}

#[test]
fn escaped_names() {
    assert_eq!(unescape("\\opcode[0] "), "opcode[0]");
    assert_eq!(unescape("x"), "x");
    assert_eq!(verilator_member("\\opcode[0] "), "opcode__05b0__05d");
    assert_eq!(verilator_member("a__b"), "a___05Fb");
    assert_eq!(verilator_member("data_in"), "data_in");
    assert_eq!(verilator_member("\\c__d. "), "c___05Fd__02e");
}
