#!/usr/bin/env python3
"""Writes fpga/data/ice40-pins.txt: the user-I/O pin names of every iCE40 package, one package a
line ("CHIP-PACKAGE PIN PIN ..."), read from IceStorm's icebox database (Debian: fpga-icestorm).
The flow uses it to check a PCF's pins and to count the I/Os a package has."""
import sys
sys.path.insert(0, "/usr/share/fpga-icestorm/python")
import icebox  # noqa: E402

out = ["# iCE40 package pins (user I/O), from IceStorm's icebox.pinloc_db; scripts/gen-ice40-pins.py"]
for key in sorted(icebox.pinloc_db):
    pins = sorted({p[0] for p in icebox.pinloc_db[key]}, key=lambda s: (len(s), s))
    out.append(key + " " + " ".join(pins))
open(sys.argv[1] if len(sys.argv) > 1 else "fpga/data/ice40-pins.txt", "w").write("\n".join(out) + "\n")
