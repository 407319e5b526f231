#!/usr/bin/env bash
# npm test: the checks (type check, lint, import cycles) and vitest side by side. Most of vitest's
# time is spent waiting on the twin and the browser, so the checks run at a lower priority in
# that idle time instead of two minutes before it. Their output is printed after vitest's; the
# run fails when either fails.
set -uo pipefail
cd "$(dirname "$0")/.."

checks_log=$(mktemp)
trap 'rm -f "$checks_log"' EXIT
nice -n 10 npm run --silent checks > "$checks_log" 2>&1 &
checks_pid=$!

npx vitest run "$@"
tests=$?
wait "$checks_pid"
checks=$?

echo
echo "npm test: checks (type check, lint, cycles) $([ $checks -eq 0 ] && echo passed || echo FAILED):"
cat "$checks_log"
echo "npm test: vitest $([ $tests -eq 0 ] && echo passed || echo FAILED), checks $([ $checks -eq 0 ] && echo passed || echo FAILED)"
[ $tests -eq 0 ] && [ $checks -eq 0 ]
