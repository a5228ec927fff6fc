#!/usr/bin/env bash
# Create (or reuse) a virtual environment for one Python and install pycomp
# into it in editable mode with the given extras; with the `test` extra, also
# the test plugin tests/plugins/pycomp-toy (a dialect from outside the tree).
#   scripts/setup-venv.sh PYTHON VENV_DIR [EXTRAS]
set -euo pipefail
py=${1:?python executable}
venv=${2:?venv directory}
extras=${3:-test}
root=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -x "$venv/bin/python" ]; then
    "$py" -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --upgrade pip >/dev/null 2>&1 || true
"$venv/bin/python" -m pip install -q -e "$root[$extras]"
case ",$extras," in
    *,test,*) "$venv/bin/python" -m pip install -q --no-deps -e "$root/tests/plugins/pycomp-toy" ;;
esac
