"""A dialect from outside pycomp's tree: the test plugin
tests/plugins/pycomp-toy (intervals; installed by scripts/setup-venv.sh)
registers its dialect, pass and type through entry points, and its ops run
in jitted code with CPython's results and errors. Also docs/adding-a-dialect.md:
every file it shows is the plugin's file, every command it shows gives the
output shown. (Its golden tests are tests/filecheck/plugins/toy.)"""

import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from support import is_pycomp

pytestmark = pytest.mark.skipif(not is_pycomp, reason="pycomp only: its plugin interfaces")
toy = pytest.importorskip("pycomp_toy", reason="the test plugin is not installed: "
                                               "pip install -e tests/plugins/pycomp-toy (scripts/setup-venv.sh does)")

import pycomp  # noqa: E402
from pycomp.errors import TypingError, UnsupportedError  # noqa: E402
from pycomp.passes import PIPELINES  # noqa: E402
from pycomp_toy import clamp, interval, width  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = ROOT / "tests" / "plugins" / "pycomp-toy"
TUTORIAL = ROOT / "docs" / "adding-a-dialect.md"
TOY_JIT = "toy-raise-calls," + PIPELINES["jit"]


# ------------------------------------------------------------------ registration

def test_entry_points_register_the_dialect_the_pass_and_the_type():
    from xdsl.universe import Universe

    from pycomp.passes import get_all_passes
    from pycomp.type_grammar import parse_type
    from pycomp_toy.dialect import Toy
    from pycomp_toy.raise_calls import RaiseToyCallsPass
    from pycomp_toy.types import interval_type

    multiverse = Universe.get_multiverse()  # also: no name is defined twice
    assert multiverse.all_dialects["toy"]() is Toy
    assert multiverse.all_passes["toy-raise-calls"]() is RaiseToyCallsPass
    assert "nb" in multiverse.all_dialects  # pycomp's universe beside it
    assert get_all_passes()["toy-raise-calls"]() is RaiseToyCallsPass
    assert "toy-raise-calls" not in get_all_passes(plugins=False)
    assert parse_type("interval") is interval_type and str(interval_type) == "interval"


def test_list_passes_shows_the_plugin_pass_with_its_description():
    r = subprocess.run([sys.executable, "-m", "pycomp.opt", "--list-passes"], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    mine = r.stdout.split("xDSL passes:")[0]
    assert ("\n  toy-raise-calls\n      Rewrite calls of pycomp_toy.interval, width and clamp into toy ops "
            "(before nb-type-infer).\n") in mine


# ------------------------------------------------------------------ jitted code against CPython

def clamped_sum(lo, hi, n):
    iv = interval(lo, hi)
    total = 0.0
    for i in range(n):
        total += clamp(i * 0.5, iv)
    return total + width(iv)


def pick(flag, a, b, x):
    ivs = (interval(a, b), interval(lo=b, hi=b + 1))  # keywords; a tuple of intervals
    if flag:
        iv = ivs[0]
    else:
        iv = toy.interval(-b, a)  # through the module
    return clamp(x, iv) * width(iv)


def clamp_ints(x, lo, hi):
    return clamp(x, interval(lo, hi))


CASES = [
    (clamped_sum, (1, 2.5, 10)), (clamped_sum, (0.0, 0.0, 3)), (clamped_sum, (-3, 7, 0)),
    (clamped_sum, (1.25, 1e300, 5)),
    (pick, (True, 1.0, 2.0, 1.5)), (pick, (False, 1.0, 2.0, -9.0)), (pick, (True, -1, 3, 7)),
    (clamp_ints, (5, 1, 3)), (clamp_ints, (-5, 1, 3)), (clamp_ints, (2, 1, 3)),
    (clamp_ints, (math.nan, 0.0, 1.0)), (clamp_ints, (-0.0, 0.0, 1.0)), (clamp_ints, (math.inf, 0, 1)),
    (clamp_ints, (True, 0, 2)),
]


def same(a, b) -> bool:
    """Equal floats with equal signs, or both NaN."""
    return type(a) is type(b) and (a == b and math.copysign(1, a) == math.copysign(1, b)
                                   or math.isnan(a) and math.isnan(b))


@pytest.mark.parametrize("func, args", CASES, ids=lambda v: getattr(v, "__name__", None) or repr(v))
def test_jitted_toy_ops_give_cpythons_results(func, args):
    got = pycomp.njit(pipeline=TOY_JIT)(func)(*args)
    assert same(got, func(*args)), (got, func(*args))


def test_interval_raises_cpythons_value_error():
    fast = pycomp.njit(pipeline=TOY_JIT)(clamped_sum)
    for f in (clamped_sum, fast):
        with pytest.raises(ValueError, match=r"interval\(\) needs lo <= hi"):
            f(3, 1, 4)
    assert fast(1, 3, 4) == clamped_sum(1, 3, 4)  # still usable after raising


def test_the_pass_is_timed_and_its_ir_inspectable():
    fast = pycomp.njit(pipeline=TOY_JIT)(clamp_ints)
    fast(2.0, 1.0, 3.0)
    assert "toy-raise-calls" in fast.compile_times()
    assert fast.stages()[:2] == ("ir-gen", "toy-raise-calls")
    ir = fast.inspect_ir("toy-raise-calls", fast.signatures[0])
    assert "toy.clamp" in ir and "toy.interval" in ir and "nb.call" not in ir


def clamp_to_unit(x):
    return clamp(x, interval(0, 1))


def test_the_environment_variable_gives_every_function_the_pass(monkeypatch):
    monkeypatch.setenv("PYCOMP_PIPELINE", TOY_JIT)
    assert [pycomp.njit(clamp_to_unit)(x) for x in (-2, 0.25, 7)] == [0.0, 0.25, 1.0]
    monkeypatch.setenv("PYCOMP_PIPELINE", "jit")  # without the pass the function is plain Python's
    with pytest.raises(TypingError, match="global value <function clamp .* is not supported"):
        pycomp.njit(clamp_to_unit)(0.5)


# ------------------------------------------------------------------ errors

def clamp_a_tuple(x):
    iv = interval(0, 1)
    return clamp((x, x), iv)  # error here


def width_of_a_float(x):
    return width(x)  # error here


def return_an_interval(lo, hi):
    return interval(lo, hi)  # error here


def error_line(func) -> int:
    import inspect

    lines, first = inspect.getsourcelines(func)
    return first + next(i for i, text in enumerate(lines) if "# error here" in text)


@pytest.mark.parametrize("func, args, exc, message", [
    (clamp_a_tuple, (1.0,), TypingError, "clamp() argument 'x' must be a real number, not UniTuple(float64 x 2)"),
    (width_of_a_float, (1.0,), TypingError, "width() argument 'iv' must be an interval, not float64"),
    (return_an_interval, (1.0, 2.0), UnsupportedError, "returning a value of type interval to Python"),
], ids=["clamp-of-a-tuple", "width-of-a-float", "return-an-interval"])
def test_errors_name_the_users_line(func, args, exc, message):
    with pytest.raises(exc) as info:
        pycomp.njit(pipeline=TOY_JIT)(func)(*args)
    text = str(info.value)
    assert message in text
    assert 'File "%s", line %d, in %s' % (__file__, error_line(func), func.__name__) in text


def test_an_interval_cannot_be_passed_in():
    with pytest.raises(TypeError, match="argument 'x' of type Interval cannot be passed to compiled code"):
        pycomp.njit(pipeline=TOY_JIT)(width_of_a_float)(interval(1, 2))


# ------------------------------------------------------------------ the tutorial

def _blocks(text: str):
    """(label line before the fence or "", info string, body, line number) of each fenced block."""
    lines = text.split("\n")
    i, out = 0, []
    while i < len(lines):
        m = re.match(r"^```(\S*)$", lines[i])
        if not m:
            i += 1
            continue
        start = i
        j = i + 1
        while lines[j] != "```":
            j += 1
        k = start - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        out.append((lines[k] if k >= 0 else "", m.group(1), "\n".join(lines[start + 1:j]) + "\n", start + 1))
        i = j + 1
    return out


BLOCKS = _blocks(TUTORIAL.read_text()) if TUTORIAL.exists() else []
FILE_LABEL = re.compile(r"^`([\w./-]+)`( \(excerpt\))?:$")
FILE_BLOCKS = [(FILE_LABEL.match(label), body, line) for label, _, body, line in BLOCKS if FILE_LABEL.match(label)]
def _commands(body: str):
    """(command, expected output) of each ``$ `` line of a console block."""
    out = []
    for line in body[:-1].split("\n"):
        if line.startswith("$ "):
            out.append([line[2:], []])
        else:
            out[-1][1].append(line)
    return [(cmd, "\n".join(lines) + "\n" if lines else "") for cmd, lines in out]


COMMANDS = [(cmd, expected, line) for _, info, body, line in BLOCKS if info == "console"
            for cmd, expected in _commands(body)]


def test_the_tutorial_shows_files_and_commands():
    assert TUTORIAL.exists()
    shown = {m.group(1) for m, _, _ in FILE_BLOCKS}
    package = {str(p.relative_to(PLUGIN)) for p in PLUGIN.rglob("*")
               if p.is_file() and p.suffix in (".py", ".toml", ".mlir") and "egg-info" not in str(p)}
    assert package == shown, "files of the package the tutorial does not show (or shows but lacks): %s" % (
        package ^ shown)
    assert len(COMMANDS) >= 5


@pytest.mark.parametrize("label, body, line", FILE_BLOCKS, ids=[m.group(1) for m, _, _ in FILE_BLOCKS])
def test_a_file_in_the_tutorial_is_the_plugins_file(label, body, line):
    text = (PLUGIN / label.group(1)).read_text()
    if label.group(2):
        assert body in text, "the excerpt at docs/adding-a-dialect.md:%d is not in %s" % (line, label.group(1))
    else:
        assert body == text, "docs/adding-a-dialect.md:%d differs from %s" % (line, label.group(1))


def _matches(expected: str, got: str) -> bool:
    """``got`` is ``expected``, where ``...`` stands for any text."""
    pattern = "(?s:.*?)".join(re.escape(part) for part in expected.split("..."))
    return re.fullmatch(pattern, got) is not None


def test_matches_takes_ellipses():
    assert _matches("a\n...\nz\n", "a\nb\nc\nz\n") and _matches('File ".../x.py"', 'File "/abs/x.py"')
    assert not _matches("a\nz\n", "a\nb\nz\n") and not _matches("a\n...\nz\n", "a\nb\n")


@pytest.mark.parametrize("command, expected, line", COMMANDS, ids=[c[:60] for c, _, _ in COMMANDS])
def test_a_command_in_the_tutorial_gives_the_output_shown(command, expected, line):
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    env.pop("PYCOMP_PIPELINE", None)
    r = subprocess.run(["bash", "-c", command], cwd=PLUGIN, env=env, capture_output=True, text=True, timeout=300)
    got = r.stdout + r.stderr
    assert r.returncode == 0, got
    assert _matches(expected, got), "docs/adding-a-dialect.md:%d: `%s` printed\n%s" % (line, command, got)
