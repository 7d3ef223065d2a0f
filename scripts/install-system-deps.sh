#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need:
#   clang-19 + llvm-19   compile the on-chain program (C -> BPF) and inspect objects
#   chromium             the real browser the end-to-end tests drive
#   postgresql           server binaries (initdb, pg_ctl) for the throwaway PostgreSQL the
#                        leader-ledger tests start (packages/adapters/test/support/postgres-server.ts);
#                        the service itself is not needed and may stay stopped
#   redis-server         the throwaway Redis the multi-instance tests start (fan-out, leases,
#                        shared rate limits); the service itself may stay stopped
#   docker-compose       validates docker-compose.yml (`docker-compose config`); no engine needed
#   prometheus           its promtool checks deploy/prometheus (config, alert rules, their unit
#                        tests); the service itself is not needed and may stay stopped
# Idempotent: does nothing when everything is present. Without root, prints the command to run.
set -euo pipefail

need=()
command -v clang-19 >/dev/null 2>&1 || need+=(clang-19)
command -v llvm-objdump-19 >/dev/null 2>&1 || need+=(llvm-19)
[ -x /usr/bin/chromium ] || need+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || command -v initdb >/dev/null 2>&1 ||
  need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
command -v docker-compose >/dev/null 2>&1 || need+=(docker-compose)
command -v promtool >/dev/null 2>&1 || need+=(prometheus)

if [ ${#need[@]} -eq 0 ]; then
  echo "system packages: all present (clang-19, llvm-19, chromium, postgresql, redis-server, docker-compose, prometheus)"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${need[*]}" >&2
  echo "Install them with:  sudo apt-get update && sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi

echo "installing system packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}"
