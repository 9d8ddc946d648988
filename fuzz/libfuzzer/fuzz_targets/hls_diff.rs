//! libFuzzer entry of the `hls_diff` target (rmlir_fuzz::Target::HlsDiff): a finding panics, so
//! libFuzzer keeps the input as a crash.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(finding) = rmlir_fuzz::Target::HlsDiff.run(data) {
        panic!("hls_diff: {finding}");
    }
});
