#!/usr/bin/env bash
# Set up a virtual environment with pycomp and run the example programs:
# each is compiled, checked against CPython and timed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
py=${PYTHON:-python3}
ver=$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
bash scripts/setup-venv.sh "$py" "$root/.venv-$ver" test
exec "$root/.venv-$ver/bin/python" examples/run_examples.py
