//! libFuzzer entry of the `pipeline` target (rmlir_fuzz::Target::Pipeline): a finding panics, so
//! libFuzzer keeps the input as a crash.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(finding) = rmlir_fuzz::Target::Pipeline.run(data) {
        panic!("pipeline: {finding}");
    }
});
