# lit configuration of pycomp's FileCheck golden tests.
#
# Run with the Python that has pycomp importable (installed, or the dev hook):
#     python -m lit tests/filecheck -v
# `pycomp-opt` in RUN lines runs `<that python> -m pycomp.opt`, so the tests
# work whether or not the console script is installed and always test the
# interpreter running lit. `%python` is that interpreter too. `filecheck`
# is found next to it (its bin/ folder goes first on PATH).
#
# Features: `has_ptxas` when `ptxas` is on PATH (for the CUDA tests to come);
# `py3.11`, `py3.12`, ... for the running interpreter; `pycomp_toy` when the
# test plugin tests/plugins/pycomp-toy is installed (plugins/toy/ needs it).

import importlib.util
import os
import shlex
import shutil
import sys

import lit.formats

config.name = "pycomp"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".py"]
config.excludes = ["lit.cfg.py", "lit.local.cfg", "__pycache__", "Output"]
config.test_source_root = os.path.dirname(__file__)

python = shlex.quote(sys.executable)
bin_dir = os.path.dirname(sys.executable)
config.environment["PATH"] = os.pathsep.join([bin_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ("PYTHONPATH", "HOME", "PYCOMP_DEV"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# the dumps and diagnostics compared below must not depend on colours or hashing
config.environment["PYTHONHASHSEED"] = "0"
config.environment.pop("PYCOMP_DUMP_CFG", None)
config.environment.pop("PYCOMP_DUMP_IR", None)

# a whole word only: never rewrite part of a path
config.substitutions.append((r"(?<![\w./-])pycomp-opt(?![\w.-])", "%s -m pycomp.opt" % python))
config.substitutions.append(("%python", python))

if shutil.which("ptxas", path=config.environment["PATH"]):
    config.available_features.add("has_ptxas")
config.available_features.add("py%d.%d" % sys.version_info[:2])
if importlib.util.find_spec("pycomp_toy") is not None:
    config.available_features.add("pycomp_toy")
