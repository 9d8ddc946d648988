//! libFuzzer entry of the `comb_gen` target (rmlir_fuzz::Target::CombGen): a finding panics, so
//! libFuzzer keeps the input as a crash.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(finding) = rmlir_fuzz::Target::CombGen.run(data) {
        panic!("comb_gen: {finding}");
    }
});
