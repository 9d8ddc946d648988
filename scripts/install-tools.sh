#!/usr/bin/env bash
# Installs the external tools the tests and flows use, from Debian's packages, skipping
# what is present: verilator, yosys (+ yosys-abc), iverilog, mlir-19-tools (mlir-opt,
# mlir-cpu-runner), GNU time. Needs root (or sudo) only when something is missing.
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

if ((${#need[@]})); then
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  echo "installing: ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
echo "tools: $(verilator --version | head -1); $(yosys -V); $(iverilog -V 2>&1 | head -1)"
