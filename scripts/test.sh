#!/usr/bin/env bash
# The whole test suite (pytest, which also runs the lit/FileCheck golden
# tests) on every supported CPython found: python3 and the pyenv
# interpreters 3.12 and 3.13 when present. Each gets its own venv. The
# exhaustive array modules listed in FIRST_ONLY run on the first one only.
# On the first interpreter it then runs the Numba-suite check: every Numba
# test id listed in tests/numba_suite/passing.txt must still pass.
#   scripts/test.sh            all interpreters
#   PYCOMP_PYTHONS="python3" scripts/test.sh   just one
#   PYCOMP_NUMBA_SUITE=0 scripts/test.sh       without the Numba-suite check
#   PYCOMP_TEST_WORKERS=1 scripts/test.sh      pytest in one process (default: one per core, pytest-xdist)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
pythons=${PYCOMP_PYTHONS:-}
if [ -z "$pythons" ]; then
    pythons="python3"
    if command -v pyenv >/dev/null 2>&1; then
        for v in 3.12 3.13; do
            p=$(pyenv prefix "$(pyenv versions --bare | grep -E "^$v(\.|$)" | tail -n 1)" 2>/dev/null)/bin/python
            [ -x "$p" ] && pythons="$pythons $p"
        done
    fi
fi
FIRST_ONLY="test_arrays_operators.py test_ufuncs_scalar_and_array.py test_arrays_methods.py test_arrays_creation.py test_np_random_dists.py test_np_shaping.py test_np_more_funcs.py test_np_reductions_more.py test_np_arraylike.py test_datetime_more.py test_array_manip_more.py test_random_more.py test_np_functions_more.py test_string_arrays.py test_np_api_edges.py test_random_state_access.py test_datetimes.py test_np_counting.py test_np_randomgen.py test_np_manipulation.py test_np_sorting.py test_np_linalg.py test_np_linalg_decomp.py test_np_linalg_solve.py test_np_random.py test_np_setops.py test_np_statistics.py test_np_error_paths.py test_np_manipulation_errors.py"
status=0
first=1
for py in $pythons; do
    ver=$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    venv="$root/.venv-$ver"
    echo "=== CPython $ver ($py) ==="
    if ! bash scripts/setup-venv.sh "$py" "$venv" test; then
        echo "setup failed for $ver"; status=1; continue
    fi
    # The exhaustive array modules (every dtype pair, layout and method:
    # thousands of compiles, no version-specific bytecode) and the widest
    # NumPy-API modules (random distributions and generators, linalg,
    # sorting, set operations, datetimes: library code whose bytecode is
    # plain) run on the first interpreter; the others run everything else,
    # the language modules and array indexing included.
    skip=()
    if [ "$first" != 1 ]; then
        for m in $FIRST_ONLY; do skip+=(--ignore="tests/$m"); done
    fi
    "$venv/bin/python" -m pytest -q -p no:cacheprovider -n "${PYCOMP_TEST_WORKERS:-auto}" "${skip[@]}" tests || status=1
    if [ "$first" = 1 ] && [ "${PYCOMP_NUMBA_SUITE:-1}" != 0 ]; then
        echo "=== Numba's test suite: the ids that pass must keep passing (CPython $ver) ==="
        # test_ufuncs' ~4300 generated per-loop ids: every third (a fixed sample), the others all
        "$venv/bin/python" tests/numba_suite/harness.py check --large-module-stride 3 || status=1
    fi
    first=0
done
exit $status
