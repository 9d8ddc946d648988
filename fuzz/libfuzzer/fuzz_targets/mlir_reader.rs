//! libFuzzer entry of the `mlir_reader` target (rmlir_fuzz::Target::MlirReader): a finding panics, so
//! libFuzzer keeps the input as a crash.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(finding) = rmlir_fuzz::Target::MlirReader.run(data) {
        panic!("mlir_reader: {finding}");
    }
});
