// expect: the input defines no hw.module or func.func
// A fuzz finding (hls_front, pipeline): an input with no module at all was rejected
// without a location; the error now points at the start of the input.
