#!/usr/bin/env python3
"""LUT4 counts of the f32 float units (add, mul, mul with 4-bit and 1-bit rows) at latencies 0-7
after Yosys synth_ice40.

Writes the units as SystemVerilog through the ignored test `latency_table_and_sv` of
tests/it/float_units.rs (which also prints the estimated latency table), synthesizes each with
`yosys synth_ice40` (add `--dsp` for up5k DSP mapping of the multiplier), and reads the cell
counts from `stat -json`. Usage: bench/float_units.py [--dsp]
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def synth(sv, top, dsp):
    with tempfile.TemporaryDirectory() as d:
        stat = os.path.join(d, "stat.json")
        script = (f"read_verilog -sv {sv}; synth_ice40 -top {top}{' -dsp' if dsp else ''}; "
                  f"tee -q -o {stat} stat -json")
        subprocess.run(["yosys", "-q", "-p", script], check=True, capture_output=True)
        with open(stat) as f:
            data = json.load(f)
    mods = data["modules"]
    m = mods.get(top) or mods.get("\\" + top) or next(iter(mods.values()))
    return m.get("num_cells_by_type", {})


def main():
    dsp = "--dsp" in sys.argv
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, FLOAT_UNITS_SV_DIR=d)
        subprocess.run(["cargo", "test", "-q", "--test", "it", "--",
                        "--ignored", "--nocapture", "float_units::latency_table_and_sv"],
                       cwd=ROOT, env=env, check=True)
        print("unit\tlatency\tSB_LUT4\tSB_CARRY\tSB_DFF*\tSB_MAC16")
        for unit, tile in [("fadd", ""), ("fmul", ""), ("fmul", "_t4"), ("fmul", "_t1")]:
            for lat in range(8):
                top = f"{unit}_f32_l{lat}{tile}"
                c = synth(os.path.join(d, top + ".sv"), top, dsp)
                dff = sum(v for k, v in c.items() if k.startswith("SB_DFF"))
                print(f"{unit}{tile}\t{lat}\t{c.get('SB_LUT4', 0)}\t{c.get('SB_CARRY', 0)}\t{dff}\t"
                      f"{c.get('SB_MAC16', 0)}", flush=True)


if __name__ == "__main__":
    main()
