//! libFuzzer entry of the `yosys_json` target (rmlir_fuzz::Target::YosysJson): a finding panics, so
//! libFuzzer keeps the input as a crash.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(finding) = rmlir_fuzz::Target::YosysJson.run(data) {
        panic!("yosys_json: {finding}");
    }
});
