//! libFuzzer entry of the `hls_front` target (rmlir_fuzz::Target::HlsFront): a finding panics, so
//! libFuzzer keeps the input as a crash.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(finding) = rmlir_fuzz::Target::HlsFront.run(data) {
        panic!("hls_front: {finding}");
    }
});
