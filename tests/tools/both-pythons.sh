#!/usr/bin/env bash
# The suite under the cabinet's Python and, given a second interpreter, under that one at the
# same time: pytest keeps to one core and the machine has two, so both finish in the time of one.
# usage: both-pythons.sh PYTHON [SECOND_PYTHON [PYTEST_ARGS_FOR_THE_SECOND...]]
set -u
first=$1
second=${2:-}
if [ -z "$second" ]; then
	exec "$first" -m pytest
fi
shift 2
log=$(mktemp)
temproot=$(mktemp -d)  # each run numbers and prunes its own pytest-of-user folders
PYTEST_DEBUG_TEMPROOT=$temproot "$second" -m pytest -p no:cacheprovider "$@" >"$log" 2>&1 &
second_run=$!
# A background run ignores SIGINT: a Ctrl-C that ends the first run ends this one with it.
trap 'kill "$second_run" 2>/dev/null; rm -rf "$log" "$temproot"' EXIT
"$first" -m pytest
first_status=$?
wait "$second_run"
second_status=$?
echo "--- the suite under $("$second" -V 2>&1), run beside it ---"
cat "$log"
[ "$first_status" -eq 0 ] && [ "$second_status" -eq 0 ]
