"""The machinery of the ``numba`` facade: stand-ins and the import hook.

A Numba test touches three kinds of names:

* Numba's user API (``jit``, ``types``, ``errors``, ``extending``, ...): the
  facade resolves each to pycomp's object of the same meaning. A name pycomp
  does not have yet resolves to a *lacking* stand-in: using it in a test
  raises ``NotImplementedError``, a real failure (the to-do list).
* Numba's internals (``numba.core.compiler``, ``numba.np.linalg``, ...):
  every module the facade does not provide is made by :class:`InternalFinder`
  and every name in it is an *internal* stand-in: using it in a test raises
  ``unittest.SkipTest("numba internal: <name>")``, so the test is counted as
  needing Numba's internals, not as failing.
* ``numba.tests.*``: the real test modules, read from the installed wheel,
  except ``numba.tests.support``, which is the facade's own.

While a module is being imported (outside any test) a stand-in is lenient:
calling it, indexing it or subclassing it gives another stand-in, so a
module that builds flags or decorators at import time still loads, and only
the tests that use those names are affected.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import os
import sys
import types as pytypes
import unittest


class FacadeState:
    """What the facade saw during the current test (read by the child runner)."""

    def __init__(self):
        self.in_test = False
        self.kinds: set[str] = set()

    def begin_test(self):
        self.in_test = True
        self.kinds = set()

    def end_test(self):
        self.in_test = False
        kinds, self.kinds = self.kinds, set()
        return kinds

    def note(self, kind):
        self.kinds.add(kind)


STATE = FacadeState()


def _raise_for(name, kind):
    STATE.note(kind)
    if kind == "internal":
        raise unittest.SkipTest("numba internal: %s" % name)
    raise NotImplementedError("pycomp has no %s yet" % name)


class StandIn:
    """A name the facade cannot give a pycomp meaning to (see module doc)."""

    def __init__(self, name, kind):
        object.__setattr__(self, "_standin_name", name)
        object.__setattr__(self, "_standin_kind", kind)

    def _use(self):
        if STATE.in_test:
            _raise_for(self._standin_name, self._standin_kind)

    def _derived(self, suffix):
        self._use()
        return StandIn(self._standin_name + suffix, self._standin_kind)

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        return self._derived("." + attr)

    def __setattr__(self, attr, value):
        self._use()
        object.__setattr__(self, attr, value)

    def __call__(self, *args, **kwargs):
        return self._derived("()")

    def __getitem__(self, key):
        return self._derived("[]")

    def __iter__(self):
        self._use()
        return iter(())

    def __len__(self):
        self._use()
        return 0

    def __bool__(self):
        self._use()
        return False

    def __mro_entries__(self, bases):
        name, kind = self._standin_name, self._standin_kind

        def __init__(inst, *a, **k):
            if STATE.in_test:
                _raise_for(name, kind)

        return (type(name.rsplit(".", 1)[-1], (), {"__init__": __init__}),)

    def __repr__(self):
        return "<%s stand-in %s>" % (self._standin_kind, self._standin_name)

    def _compare(self, other):
        self._use()
        return False

    __lt__ = __le__ = __gt__ = __ge__ = _compare

    def _arith(self, other):
        return self._derived("(op)")

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __or__ = __ror__ = _arith
    __and__ = __rand__ = __mod__ = __rmod__ = __truediv__ = __rtruediv__ = _arith

    def __eq__(self, other):
        return self is other

    def __hash__(self):
        return id(self)


class FacadeModule(pytypes.ModuleType):
    """A module whose missing names are stand-ins of one kind.

    ``target`` names a pycomp module to take names from first (the user API
    mirrors: ``numba.extending`` -> ``pycomp.extending``); when it does not
    exist (the feature has not landed), every name is a lacking stand-in.
    """

    def __init__(self, name, kind, target=None, names=None):
        super().__init__(name)
        self.__path__ = []  # a package: its submodules come through the finder too
        self._facade_kind = kind
        self._facade_target = target
        self._facade_names = names  # None: any name of the target

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        target = self.__dict__.get("_facade_target")
        if target is not None:
            try:
                mod = importlib.import_module(target)
            except ImportError:
                mod = None
            names = self.__dict__.get("_facade_names")
            if mod is not None and hasattr(mod, attr) and (names is None or attr in names):
                return getattr(mod, attr)
        return StandIn("%s.%s" % (self.__name__, attr), self.__dict__.get("_facade_kind", "internal"))


# Numba internals of which pycomp has a namesake with the same behaviour:
# only these names come from pycomp, the rest are internal stand-ins
PICKS = {
    "numba._helperlib": ("pycomp._helperlib", frozenset((
        "rnd_get_np_state_ptr", "rnd_get_py_state_ptr", "rnd_get_state",
        "rnd_set_state", "rnd_shuffle", "rnd_seed"))),
}

# user-API modules of Numba and the pycomp modules that give them meaning
MIRRORS = {
    "numba.extending": "pycomp.extending",
    "numba.core.extending": "pycomp.extending",
    "numba.typed": "pycomp.typed",
    "numba.experimental": "pycomp.experimental",
    "numba.cuda": "pycomp.cuda",
    "numba.np.ufunc": "pycomp.ufunc",
    "numba.np.extensions": "pycomp.np.extensions",  # cross2d
    "numba.misc.special": "pycomp",  # typeof, prange, literal_unroll, ...
}


_FACADE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_real_dir = None


def real_numba_dir():
    """The folder of the installed (real) numba package."""
    global _real_dir
    if _real_dir is None:
        path = [p for p in sys.path if os.path.abspath(p or os.curdir) != _FACADE_ROOT]
        spec = importlib.machinery.PathFinder.find_spec("numba", path)
        if spec is None or not spec.submodule_search_locations:
            raise ImportError("the real numba package (its tests) is not installed")
        _real_dir = list(spec.submodule_search_locations)[0]
    return _real_dir


def _real_file(fullname):
    """The file of Numba's own module ``fullname``, if there is one: a
    stand-in module reports it as ``__file__`` (tests load C test helpers
    from ``numba._helperlib.__file__`` with ctypes)."""
    parts = fullname.split(".")[1:]
    base = os.path.join(real_numba_dir(), *parts)
    if os.path.isdir(base):
        return os.path.join(base, "__init__.py")
    folder, stem = os.path.split(base)
    if os.path.isdir(folder):
        for f in sorted(os.listdir(folder)):
            if f == stem + ".py" or (f.startswith(stem + ".") and f.endswith((".so", ".pyd"))):
                return os.path.join(folder, f)
    return None


class _Loader(importlib.abc.Loader):
    def __init__(self, kind, target, names=None):
        self.kind, self.target, self.names = kind, target, names

    def create_module(self, spec):
        mod = FacadeModule(spec.name, self.kind, self.target, self.names)
        real = _real_file(spec.name)
        if real is not None:
            mod.__file__ = real
        return mod

    def exec_module(self, module):
        pass


class InternalFinder(importlib.abc.MetaPathFinder):
    """Last on ``sys.meta_path``: any ``numba.*`` module nobody else found
    is a stand-in module (a mirror of pycomp's for the user-API modules)."""

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith("numba."):
            return None
        if fullname in MIRRORS:
            loader = _Loader("lacking", MIRRORS[fullname])
        elif fullname in PICKS:
            loader = _Loader("internal", *PICKS[fullname])
        else:
            loader = _Loader("internal", None)
        return importlib.machinery.ModuleSpec(fullname, loader, is_package=True)


def install():
    if not any(isinstance(f, InternalFinder) for f in sys.meta_path):
        sys.meta_path.append(InternalFinder())


def first_found(*candidates):
    """The first of ``(module, attribute)`` pairs that exists, else None."""
    for modname, attr in candidates:
        try:
            mod = importlib.import_module(modname)
        except ImportError:
            continue
        if hasattr(mod, attr):
            return getattr(mod, attr)
    return None
