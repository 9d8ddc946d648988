#!/usr/bin/env python3
"""CIRCT's own judgement on MLIR files, for the interop tests (tests/it/circt_interop.rs).

Runs with the Python of the virtual environment that scripts/install-tools.sh creates
(PyPI package `circt`, 1.62). One process handles a whole batch:

    circt_check.py verify FILE...        parse + verify each file with CIRCT's bindings
    circt_check.py export OUTDIR FILE... CIRCT's SystemVerilog of each file into OUTDIR

`verify` prints one line per file: `ok FILE` or `error FILE: MESSAGE` (the message on one
line). `export` prints `ok FILE OUTDIR/N.sv` or `error FILE: MESSAGE`. The exit status is 0
when the batch ran (whatever the files' verdicts), 2 on bad usage.

Export runs CIRCT's lowering (`lower-hwarith-to-hw`, `lower-seq-shiftreg`, `lower-seq-fifo`, `lower-seq-hlmem`, `lower-seq-to-sv`, `hw-memory-sim` (the
simulation model of each `seq.firmem`), then `hw.module(lower-hw-to-sv)`) and
`circt.export_verilog`. ExportVerilog aborts the process on some inputs it does not lower
(in 1.62, `comb.truth_table`), so each export runs in a forked child of this one process:
an abort there is reported as an error for that file and the batch goes on.
"""

import io
import os
import sys


def load():
    import circt
    from circt import ir
    from circt.passmanager import PassManager
    return circt, ir, PassManager


def one_line(e):
    return " ".join(str(e).split())


def verify(files):
    circt, ir, _ = load()
    for f in files:
        with ir.Context() as ctx:
            circt.register_dialects(ctx)
            try:
                with open(f, encoding="utf-8") as fh:
                    text = fh.read()
                m = ir.Module.parse(text)
                if not m.operation.verify():
                    raise RuntimeError("verify() returned false")
                print(f"ok {f}", flush=True)
            except Exception as e:  # noqa: BLE001 -- every failure is a verdict on the file
                print(f"error {f}: {one_line(e)}", flush=True)


def export_one(circt, ir, PassManager, src, dst):
    with ir.Context() as ctx:
        circt.register_dialects(ctx)
        with open(src, encoding="utf-8") as fh:
            m = ir.Module.parse(fh.read())
        pm = PassManager.parse(
            "builtin.module(lower-hwarith-to-hw, hw.module(lower-seq-shiftreg), hw.module(lower-seq-fifo), hw.module(lower-seq-hlmem), "
            "lower-seq-to-sv, hw-memory-sim, hw.module(lower-hw-to-sv))"
        )
        pm.run(m.operation)
        out = io.StringIO()
        circt.export_verilog(m, out)
        with open(dst, "w", encoding="utf-8") as fh:
            fh.write(out.getvalue())


def export(outdir, files):
    circt, ir, PassManager = load()
    for i, f in enumerate(files):
        dst = os.path.join(outdir, f"{i}.sv")
        err = os.path.join(outdir, f"{i}.err")
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            # The child reports a Python-level failure through a file and exits at once.
            code = 0
            try:
                export_one(circt, ir, PassManager, f, dst)
            except Exception as e:  # noqa: BLE001
                with open(err, "w", encoding="utf-8") as fh:
                    fh.write(one_line(e))
                code = 1
            os._exit(code)
        _, status = os.waitpid(pid, 0)
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 and os.path.exists(dst):
            print(f"ok {f} {dst}", flush=True)
        elif os.path.exists(err):
            with open(err, encoding="utf-8") as fh:
                print(f"error {f}: {fh.read()}", flush=True)
        else:
            print(f"error {f}: CIRCT's export crashed (status {status})", flush=True)


def main(argv):
    if len(argv) >= 2 and argv[1] == "verify":
        verify(argv[2:])
    elif len(argv) >= 3 and argv[1] == "export":
        export(argv[2], argv[3:])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
