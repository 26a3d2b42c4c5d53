#!/usr/bin/env bash
# NetworkBenchmarks starts its loopback server as a `--serve` child. This checks that the child never
# outlives the benchmark: after `--check` (pass or miss), after a usage error, and after the benchmark
# is killed with SIGKILL; and that a caller reading the benchmark's output through a pipe sees
# end-of-file as soon as the benchmark exits (no child holds the pipe open).
#
#     Benchmarks/Scripts/network-child-lifetime.sh [path/to/NetworkBenchmarks]
#
# Exit status 0 when every check passes.
set -uo pipefail
binary="$(cd "$(dirname "${1:-Benchmarks/.build/release/NetworkBenchmarks}")" && pwd)/$(basename "${1:-NetworkBenchmarks}")"
[ -x "$binary" ] || { echo "no executable at $binary (swift build -c release --package-path Benchmarks --product NetworkBenchmarks)"; exit 2; }
failures=0
children() { pgrep -f -x "$binary --serve" || true; }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

[ -z "$(children)" ] || { echo "a --serve child of $binary is already running; stop it first"; exit 2; }

# 1. --check through a pipe: the pipeline ends when the benchmark does, and no child is left.
start=$(date +%s)
timeout 600 "$binary" --check --rounds 3 --batch 5 2>&1 | cat > /tmp/network-child-lifetime.out
status=${PIPESTATUS[0]}
echo "--check exited with $status after $(( $(date +%s) - start )) s (output: /tmp/network-child-lifetime.out)"
[ "$status" -ne 124 ] || fail "--check | cat did not end within 600 s (a child holding the pipe?)"
sleep 0.5
[ -z "$(children)" ] && echo "ok: no --serve child after --check" || fail "--serve child left after --check: $(children)"

# 2. SIGKILL of the benchmark while its child serves: the child exits by itself.
"$binary" --rounds 100000 --batch 40 > /dev/null 2>&1 &
parent=$!
for _ in $(seq 1 100); do [ -n "$(children)" ] && break; sleep 0.1; done
[ -n "$(children)" ] || fail "the --serve child never started"
kill -9 "$parent"; wait "$parent" 2>/dev/null
for _ in $(seq 1 30); do [ -z "$(children)" ] && break; sleep 0.1; done
[ -z "$(children)" ] && echo "ok: the --serve child exited after the benchmark was killed with SIGKILL" \
    || fail "--serve child survived SIGKILL of its parent: $(children)"

# 3. The child itself, run by hand with standard input at end-of-file, exits at once.
timeout 10 "$binary" --serve < /dev/null > /dev/null 2>&1
status=$?
[ "$status" -ne 124 ] && echo "ok: --serve with its standard input closed exits (status $status)" \
    || fail "--serve with standard input at end-of-file kept running"

[ "$failures" -eq 0 ] && echo "all checks passed" || echo "$failures check(s) failed"
exit $(( failures > 0 ))
