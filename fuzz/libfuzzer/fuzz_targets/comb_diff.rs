//! libFuzzer entry of the `comb_diff` target (rmlir_fuzz::Target::CombDiff): a finding panics, so
//! libFuzzer keeps the input as a crash.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(finding) = rmlir_fuzz::Target::CombDiff.run(data) {
        panic!("comb_diff: {finding}");
    }
});
