#!/usr/bin/env bash
# A one-node Slurm cluster on localhost for the sweep's Slurm executor test:
#   scripts/slurm-local.sh start   write /etc/slurm/slurm.conf (one node, this host, no
#                                  cgroups, accounting to a text file), start munged,
#                                  slurmctld and slurmd as root, wait until the node is idle
#   scripts/slurm-local.sh stop    stop the three daemons this script started
# Install the packages first (scripts/install-tools.sh: slurm-wlm, munge). Exit 1 with a
# message when the daemons cannot start.
set -euo pipefail
state=/var/tmp/rmlir-slurm
conf=/etc/slurm/slurm.conf

start() {
  for t in munged slurmctld slurmd sbatch; do
    command -v "$t" >/dev/null 2>&1 || { echo "slurm-local: $t not installed (scripts/install-tools.sh)"; exit 1; }
  done
  mkdir -p "$state" /etc/slurm /var/spool/slurmctld /var/spool/slurmd /run/munge /var/log/munge /var/lib/munge /etc/munge
  if [ ! -s /etc/munge/munge.key ]; then
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
  fi
  chown -R munge:munge /etc/munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null || true
  chmod 0700 /etc/munge; chmod 0400 /etc/munge/munge.key
  host=$(hostname -s)
  cpus=$(nproc)
  mem=$(awk '/MemTotal/ {print int($2/1024) - 512}' /proc/meminfo)
  cat >"$conf" <<CONF
ClusterName=rmlir
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$state/jobcomp.txt
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ReturnToService=2
MpiDefault=none
MaxArraySize=10001
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  rm -f /etc/slurm/cgroup.conf
  pgrep -x munged >/dev/null || { su -s /bin/sh munge -c "munged" 2>/dev/null || munged --force; }
  slurmctld -c 2>>"$state/start.err" || true
  slurmd 2>>"$state/start.err" || true
  for _ in $(seq 1 30); do
    if sinfo -h -o %T 2>/dev/null | grep -Eq '^(idle|mixed|allocated)'; then
      echo "slurm-local: node $host up"; return 0
    fi
    sleep 1
  done
  echo "slurm-local: the node did not come up; see $state/*.log"; sinfo 2>&1 || true; exit 1
}

stop() {
  for pidf in "$state/slurmd.pid" "$state/slurmctld.pid"; do
    [ -s "$pidf" ] && kill "$(cat "$pidf")" 2>/dev/null || true
  done
  [ -s /run/munge/munged.pid ] && kill "$(cat /run/munge/munged.pid)" 2>/dev/null || true
  echo "slurm-local: stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop"; exit 1 ;;
esac
