"""The dispatcher: the callable ``@jit`` returns.

Each call types its arguments (:func:`pycomp.typeof.typeof`), looks the
tuple of types up in a dict of compiled entry points, and calls the entry
(a builtin function wrapping native code). A miss compiles a new
specialization for exactly these types, unless the signatures were given
explicitly: then the best compiled one is chosen by conversion rating
(exact < promote < safe < unsafe; a tie raises TypeError), as seeds/000
describes. Keyword arguments and defaults follow Python's rules.
"""

from __future__ import annotations

import collections
import inspect
import itertools
import threading
import warnings

from pycomp._dispatcher import DispatcherBase, _enable_vectorcall, set_scalar_codes, set_traceback_cleaner, type_key
from pycomp.config import flag
from pycomp.errors import CompilerError, TypingError, UnsupportedError
from pycomp.signature import Signature, as_signature
from pycomp import types as ty
from pycomp.typeof import typeof
from pycomp.types import Omitted

__all__ = ["Dispatcher", "KNOWN_OPTIONS"]

KNOWN_OPTIONS = {"nopython", "fastmath", "error_model", "boundscheck", "nogil", "inline", "cache",
                 "forceobj", "looplift", "parallel", "no_cpython_wrapper", "no_cfunc_wrapper", "_nrt",
                 "no_rewrites", "locals", "debug", "pipeline"}
# accepted and honoured; the wrapper options and ``_nrt`` (Numba's switch for its
# runtime) change nothing pycomp does, so they are accepted as Numba accepts them;
# ``no_rewrites`` turns the array-expression fusion off (``nb-fuse-arrayexpr``), as
# it turns Numba's array-expression rewrites off
_IMPLEMENTED = {"nopython", "fastmath", "error_model", "boundscheck", "nogil", "inline", "cache",
                "no_cpython_wrapper", "no_cfunc_wrapper", "_nrt", "no_rewrites", "locals", "pipeline"}
_cache_warned = False
_uids = itertools.count()


def _register_scalar_codes():
    from pycomp.typeof import _DTYPES

    codes = {d.type: 16 + i for i, d in enumerate(_DTYPES)}
    codes[str] = 16 + len(_DTYPES)  # always unicode_type
    set_scalar_codes(codes)


_register_scalar_codes()


def _make_binder(py_func, params):
    """A Python function with ``py_func``'s parameters (names, kinds,
    defaults, name) that returns its arguments in the compiled function's
    order (``*args`` as one tuple): calling it binds a call exactly as
    Python does, its TypeErrors included."""
    P = inspect.Parameter
    sig_params = list(inspect.signature(py_func).parameters.values())
    last_posonly = max((i for i, p in enumerate(sig_params) if p.kind is P.POSITIONAL_ONLY), default=-1)
    parts, star_seen = [], False
    for i, p in enumerate(sig_params):
        if p.kind is P.VAR_POSITIONAL:
            parts.append("*" + p.name)
            star_seen = True
            continue
        if p.kind is P.VAR_KEYWORD:  # refused when compiled; bound for the message
            parts.append("**" + p.name)
            continue
        if p.kind is P.KEYWORD_ONLY and not star_seen:
            parts.append("*")
            star_seen = True
        parts.append(p.name)
        if i == last_posonly:
            parts.append("/")
    body = "(%s%s)" % (", ".join(p.name for p in params), "," if len(params) == 1 else "")
    ns: dict = {}
    exec("def binder(%s):\n    return %s\n" % (", ".join(parts), body), ns)
    binder = ns["binder"]
    code = binder.__code__.replace(co_name=py_func.__name__)
    if hasattr(code, "co_qualname"):
        code = code.replace(co_qualname=py_func.__qualname__)
    binder.__code__ = code
    binder.__name__, binder.__qualname__ = py_func.__name__, py_func.__qualname__
    binder.__defaults__ = py_func.__defaults__
    binder.__kwdefaults__ = py_func.__kwdefaults__
    return binder


_internal_dirs: tuple | None = None


def _compiler_dirs() -> tuple:
    """The folders of pycomp's packages and the libraries it compiles with."""
    global _internal_dirs
    if _internal_dirs is None:
        import importlib.util
        import os

        dirs = []
        for name in ("pycomp", "pycomp.frontend", "pycomp.dialects", "pycomp.lowering", "pycomp.targets",
                     "xdsl", "llvmlite"):
            try:
                spec = importlib.util.find_spec(name)
            except ImportError:
                spec = None
            for d in (spec.submodule_search_locations or ()) if spec else ():
                dirs.append(os.path.join(os.path.abspath(d), ""))
        _internal_dirs = tuple(dirs)
    return _internal_dirs


def _clean_traceback(exc, tb):
    """The traceback of an error leaving a call or an eager ``@jit``, without
    the compiler's and the dispatcher's frames (all of them with
    ``PYCOMP_DEV=1``). Called from C (csrc/_dispatcher.c)."""
    if tb is None or flag("PYCOMP_DEV"):
        return tb
    import os
    import types

    dirs = _compiler_dirs()
    kept = []
    while tb is not None:
        if not os.path.abspath(tb.tb_frame.f_code.co_filename).startswith(dirs):
            kept.append(tb)
        tb = tb.tb_next
    out = None
    for t in reversed(kept):
        out = types.TracebackType(out, t.tb_frame, t.tb_lasti, t.tb_lineno)
    return out


set_traceback_cleaner(_clean_traceback)


_CompileStats = collections.namedtuple("_CompileStats", "cache_path cache_hits cache_misses")


def _foldable(value) -> bool:
    """A default that can be a compile-time constant: a number, bool, str,
    None, or a tuple of those (a str default folds to a string literal, as
    Numba's ``omitted`` does; the entry still takes the str, unused)."""
    if value is None or isinstance(value, (bool, int, float, complex, str)):
        return True
    return isinstance(value, tuple) and all(_foldable(v) for v in value)


def _scalar_converter(t):
    """How a Python value converts to the scalar type ``t`` when an explicit
    signature accepts it by an unsafe conversion (``int32`` from 2.7 is 2,
    as Numba's unboxing truncates); None where the entry takes it as is."""
    if isinstance(t, ty.Boolean):
        return bool
    if isinstance(t, ty.Integer):
        return int
    if isinstance(t, ty.Float):
        return float
    if isinstance(t, ty.Complex):
        return complex
    if isinstance(t, ty.BaseTuple):  # item by item (the *args of `f(a, *args)` too)
        items = [_scalar_converter(x) for x in t.types]
        if any(items):
            return lambda v: tuple(x if c is None else c(x) for c, x in zip(items, v))
    return None


def _converting_entry(entry, argtypes, target):
    """``entry`` (compiled for ``target``) callable with values of ``argtypes``."""
    convs = [None if a is t else _scalar_converter(t) for a, t in zip(argtypes, target)]
    if not any(convs):
        return entry

    def convert_and_call(*args):
        return entry(*[a if c is None else c(a) for c, a in zip(convs, args)])

    convert_and_call.__name__ = getattr(entry, "__name__", "entry")
    return convert_and_call


def _refuse_datetime_multiplier(fname, i, name, value):
    """A TypingError, as Numba raises it, for a datetime64/timedelta64 array
    or scalar whose unit has a multiplier (``datetime64[10Y]``), which
    neither Numba nor pycomp compiles."""
    import numpy as np

    dt = getattr(value, "dtype", None)
    if isinstance(dt, np.dtype) and dt.kind in "mM" and np.datetime_data(dt)[1] != 1:
        what = "array dtype" if isinstance(value, np.ndarray) else "type"
        raise TypingError("%s(): argument %d ('%s'): Unsupported %s: %s (a unit with a multiplier)"
                          % (fname, i, name, what, dt))


class Dispatcher(DispatcherBase):
    """Calls go through DispatcherBase's C ``tp_call`` (csrc/_dispatcher.c):
    a hit in ``_fast_entries`` calls the compiled entry directly; anything
    else comes to :meth:`_slow_call`."""

    def __init__(self, py_func, signatures=None, options=None):
        super().__init__()
        options = dict(options or {})
        self._check_options(options)
        self.py_func = py_func
        self.__name__ = py_func.__name__
        self.__qualname__ = py_func.__qualname__
        self.__doc__ = py_func.__doc__
        self.__module__ = py_func.__module__
        self.__wrapped__ = py_func
        self.targetoptions = options
        if "boundscheck" not in options:
            from pycomp.config import flag

            options["boundscheck"] = flag("PYCOMP_BOUNDSCHECK")
        self.pysig = inspect.signature(py_func)
        P = inspect.Parameter
        params = list(self.pysig.parameters.values())
        # the compiled function's parameters, in the order of the code's
        # variables: positional ones, keyword-only ones, then *args (one tuple)
        self._params = ([p for p in params if p.kind in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD)]
                        + [p for p in params if p.kind is P.KEYWORD_ONLY]
                        + [p for p in params if p.kind is P.VAR_POSITIONAL])
        self._simple = all(p.kind is P.POSITIONAL_OR_KEYWORD for p in params)
        # `def f(a, b, *args)` (plain parameters, then *args): calls with at
        # least the plain ones and no keywords are found by the C type key
        # of the raw arguments in _star_entries (see _slow_call)
        self._star_split = (len(params) - 1 if params and params[-1].kind is P.VAR_POSITIONAL
                            and all(p.kind is P.POSITIONAL_OR_KEYWORD for p in params[:-1]) else None)
        self._star_entries: dict = {}
        self._binder = None
        if self._simple:  # keyword calls bind in C
            self._set_parameters(tuple(p.name for p in self._params), py_func.__defaults__,
                                 self._foldable_defaults())
        self.overloads: dict[tuple, object] = {}
        self._entries: dict[tuple, object] = {}
        self._compiling: dict[tuple, str] = {}
        self._typing: set = set()  # argument types being typed now (recursion detection)
        self._pretyped: dict = {}  # argument types -> typed IR from a caller's query, not compiled yet
        self.uid = next(_uids)  # makes native symbols unique (lambdas share a qualname)
        self._lock = threading.RLock()
        self._explicit = False
        self._explicit_sigs: set = set()  # argument types compiled with a given return type
        self._compile_disabled = False
        self._cache_misses = collections.Counter()
        self._declared_signatures: list = []  # the explicit signatures, as given to jit (for pickling)
        if signatures:
            self._explicit = True
            if self._simple:  # explicit signatures take defaults as values
                self._set_parameters(tuple(p.name for p in self._params), py_func.__defaults__, 0)
            for s in signatures:
                self.compile(s)
                self._declared_signatures.append(as_signature(s))

    @staticmethod
    def _check_options(options):
        from pycomp.errors import UnsupportedError

        for k, v in options.items():
            if k not in KNOWN_OPTIONS:
                raise TypeError("unknown option %r for jit" % k)
            if k not in _IMPLEMENTED and v:
                raise UnsupportedError("the jit option %s=%r is not implemented by pycomp yet" % (k, v))
        if options.get("pipeline") is not None:  # a bad pipeline is an error at decoration
            from pycomp.passes import jit_pipeline

            jit_pipeline(options["pipeline"])
        if options.get("nopython") is False or options.get("forceobj"):
            raise UnsupportedError("object mode is not supported: pycomp compiles in nopython mode only")
        if options.get("cache"):
            global _cache_warned
            if not _cache_warned:
                warnings.warn("pycomp does not cache compiled code on disk yet; cache=True is ignored",
                              RuntimeWarning, stacklevel=4)
                _cache_warned = True
        loc = options.get("locals")
        if loc is not None:
            if not isinstance(loc, dict):
                raise TypeError("locals must be a dict of variable names to types, not %s" % type(loc).__name__)
            for name, t in loc.items():
                if not isinstance(name, str) or not isinstance(t, ty.Type):
                    raise TypeError("locals: %r: %r is not a variable name and a pycomp type" % (name, t))
        em = options.get("error_model", "python")
        if em not in ("python", "numpy"):
            raise ValueError("error_model must be 'python' or 'numpy', not %r" % (em,))

    # ------------------------------------------------------------ calling
    def _bind(self, args, kwargs):
        """``(arguments in the compiled function's order, omitted)``: bit i of
        ``omitted`` is set when parameter i was left to its default."""
        if not self._simple:  # keyword-only parameters, *args: Python binds them
            if self._binder is None:
                self._binder = _make_binder(self.py_func, self._params)
            return self._binder(*args, **kwargs), 0
        if kwargs or len(args) != len(self._params):
            try:
                bound = self.pysig.bind(*args, **kwargs)
            except TypeError as e:
                raise TypeError("%s(): %s" % (self.__name__, e)) from None
            given = set(bound.arguments)
            bound.apply_defaults()
            return bound.args, sum(1 << i for i, p in enumerate(self._params) if p.name not in given)
        return args, 0

    def _foldable_defaults(self) -> int:
        """Bit i set when parameter i has a default that compiles in as a constant."""
        return sum(1 << i for i, p in enumerate(self._params)
                   if p.default is not inspect.Parameter.empty and _foldable(p.default))

    def _argument_types(self, args, omitted):
        """The types of a call's arguments; a parameter left to a constant
        default (bit set in ``omitted``) is ``Omitted(default)``, so the
        specialization folds the default in, as Numba's omitted arguments do.
        Explicit signatures take defaults as ordinary values."""
        key = []
        for i, a in enumerate(args):
            if omitted & (1 << i) and not self._explicit and _foldable(a):
                key.append(Omitted(a, typeof(a)))
            else:
                key.append(typeof(a))
        return tuple(key)

    def _slow_call(self, *args, **kwargs):
        split = self._star_split
        if split is not None and not kwargs and len(args) >= split:
            key = type_key(args)
            entry = self._star_entries.get(key) if key is not None else None
            if entry is not None:  # a variadic function's fast path
                return entry(*args[:split], args[split:])
        try:
            return self._call_and_compile(args, kwargs)
        except CompilerError as e:
            if flag("PYCOMP_DEV"):
                raise
            # the message names the user's line; the compiler's frames are noise
            raise e.with_traceback(None) from None

    def _call_and_compile(self, args, kwargs):
        raw = args
        plain = self._simple and not kwargs and len(args) == len(self._params)
        left_out = 0
        if not plain:
            args, left_out = self._bind(args, kwargs)
        try:
            key = self._argument_types(args, left_out)
        except ValueError:
            for i, a in enumerate(args):
                try:
                    typeof(a)
                except ValueError as why:
                    name = self._params[i].name if i < len(self._params) else "#%d" % i
                    shown = repr(a)
                    shown = shown if len(shown) <= 80 else shown[:77] + "..."
                    reason = str(why) if str(why).startswith("unsupported dtype") else ""
                    _refuse_datetime_multiplier(self.__name__, i, name, a)
                    raise TypeError("%s(): argument '%s' of type %s cannot be passed to compiled code%s: %s"
                                    % (self.__name__, name, type(a).__name__,
                                       " (%s)" % reason if reason else "", shown)) from None
            raise
        entry = self._entries.get(key)
        if entry is None:
            entry = self._find_or_compile(key)
        # keyed by the bound arguments: the C path binds keyword calls the same
        # way; it cannot bind keyword-only parameters or *args, so calls to
        # those always take this path (a raw call could match a bound key).
        # Only defaults folded in as constants are marked omitted in the key.
        omitted = sum(1 << i for i, t in enumerate(key) if isinstance(t, Omitted))
        fast = type_key(args, omitted) if self._simple else None
        if fast is not None:
            self._fast_entries[fast] = entry
        elif self._star_split is not None and not kwargs and len(raw) >= self._star_split:
            star_key = type_key(raw)
            if star_key is not None:
                self._star_entries[star_key] = entry
        return entry(*args)

    def _find_or_compile(self, argtypes):
        if self.targetoptions.get("no_cpython_wrapper"):
            raise TypeError("%s is compiled without a CPython wrapper (no_cpython_wrapper=True): it can only "
                            "be called from compiled code" % self.__qualname__)
        with self._lock:
            entry = self._entries.get(argtypes)
            if entry is not None:
                return entry
            # While new specializations may be compiled, only an exact match
            # is reused (as Numba's dispatcher does); with explicit
            # signatures the best match by conversion rating is chosen.
            if self._compile_disabled and argtypes not in self.overloads:
                best = self._best_match(argtypes)
            else:
                best = self._best_match(argtypes) if self._explicit else None
            if argtypes in self.overloads:  # compiled already, e.g. as another function's callee
                entry = self.overloads[argtypes].entry
            elif best is not None:
                entry = _converting_entry(self.overloads[best].entry, argtypes, best)
            elif self._explicit or self._compile_disabled:
                raise TypeError("No matching definition for argument type(s) %s of %s; compiled: %s"
                                % (", ".join(map(str, argtypes)), self.__name__,
                                   ", ".join(str(s) for s in self.signatures)))
            else:
                entry = self._compile(argtypes, None).entry
            self._entries[argtypes] = entry
            return entry

    def _best_match(self, argtypes):
        from pycomp.frontend.typing.conversions import rate_arguments

        # a default left out matches the same default left out; against a
        # compiled parameter it is passed as its value: rate it as such
        ranked = []
        for key in self.overloads:
            actual = tuple(a if a is f or not isinstance(a, Omitted) else a.value_type
                           for a, f in zip(argtypes, key))
            r = rate_arguments(actual, key, allow_unsafe=self._explicit)
            if r is not None:
                ranked.append((r.key(), key))
        if not ranked:
            return None
        ranked.sort(key=lambda x: x[0])
        if len(ranked) > 1 and ranked[0][0] == ranked[1][0] and ranked[0][0] != (0, 0, 0):
            tied = ["(%s) -> %s" % (", ".join(map(str, k)), self.overloads[k].signature.return_type)
                    for r, k in ranked if r == ranked[0][0]]
            raise TypeError("Ambiguous overloading for %r (%s):\n%s"
                            % (self.py_func, ", ".join(map(str, argtypes)), "\n".join(tied)))
        return ranked[0][1]

    # ------------------------------------------------------------ compiling
    def compile(self, sig):
        """Compile for an explicit signature (string, Signature or arg tuple)."""
        sig = as_signature(sig)
        with self._lock:
            ov = self.overloads.get(sig.args)
            if ov is None:
                ov = self._compile(sig.args, sig.return_type)
            self._entries[sig.args] = ov.entry
            return ov.entry

    def disable_compile(self, val=True):
        """Stop (or, with False, allow again) compiling new specializations:
        calls then go to the best compiled one, as with explicit signatures."""
        self._compile_disabled = bool(val)

    def recompile(self):
        """Compile every existing specialization again, reading globals and
        closure variables anew (they are frozen at compile time)."""
        with self._lock:
            sigs = [(ov.signature, k in self._explicit_sigs) for k, ov in self.overloads.items()]
            self.overloads.clear()
            self._entries.clear()
            self._pretyped.clear()
            self._fast_entries.clear()
            self._star_entries.clear()
            self.uid = next(_uids)  # fresh native symbols: the old ones stay in the JIT
            for sig, explicit in sigs:
                ov = self._compile(sig.args, sig.return_type if explicit else None)
                self._entries[sig.args] = ov.entry

    def _compile(self, argtypes, return_type):
        from pycomp.compiler import compile_overload

        if self._compile_disabled:
            raise RuntimeError("compilation disabled")
        if len(argtypes) != len(self._params):
            raise TypingError("Signature mismatch: %d argument types given, but function takes %d arguments"
                              % (len(argtypes), len(self._params)))
        if return_type is not None:
            self._explicit_sigs.add(tuple(argtypes))
        self._cache_misses[tuple(argtypes)] += 1
        ov = compile_overload(self, argtypes, return_type)
        self.overloads[argtypes] = ov
        return ov

    # ------------------------------------------------------------ compile-time calls
    def fold_call(self, argtypes: tuple, kwtypes: dict):
        """Bind a call's argument types to the parameters by Python's rules.
        Returns (types in parameter order, plan) where plan is None for a
        plain positional call, else one entry per parameter: ("pos", i),
        ("kw", name), ("default", value) or, for ``*args``, ("varargs",
        (i, ...)): the positional arguments gathered into a tuple."""
        if self._simple and not kwtypes and len(argtypes) == len(self._params):
            return argtypes, None
        from pycomp.frontend.irgen import is_literal
        from pycomp.frontend.typing.context import typeof_constant

        P = inspect.Parameter
        positional = [p for p in self._params if p.kind in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD)]
        star = [p for p in self._params if p.kind is P.VAR_POSITIONAL]
        names = [p.name for p in self._params if p.kind in (P.POSITIONAL_OR_KEYWORD, P.KEYWORD_ONLY)]
        if len(argtypes) > len(positional) and not star:
            raise TypingError("%s() takes %d positional arguments but %d were given"
                              % (self.__name__, len(positional), len(argtypes)))
        plan, types = [], []
        for i, p in enumerate(self._params):
            if p.kind is P.VAR_POSITIONAL:  # the extra positional arguments, as a tuple
                extra = tuple(range(len(positional), len(argtypes)))
                plan.append(("varargs", extra))
                types.append(ty.Tuple([argtypes[j] for j in extra]))
            elif p.kind is not P.KEYWORD_ONLY and i < len(argtypes):
                if p.name in kwtypes and p.kind is P.POSITIONAL_OR_KEYWORD:
                    raise TypingError("%s() got multiple values for argument '%s'" % (self.__name__, p.name))
                plan.append(("pos", i))
                types.append(argtypes[i])
            elif p.name in kwtypes and p.kind is not P.POSITIONAL_ONLY:
                plan.append(("kw", p.name))
                types.append(kwtypes[p.name])
            elif p.default is not inspect.Parameter.empty:
                if not is_literal(p.default):
                    raise TypingError("default value of parameter '%s' of %s is not a constant"
                                      % (p.name, self.__name__))
                plan.append(("default", p.default))
                types.append(typeof_constant(p.default))
            else:
                kind = "keyword-only " if p.kind is P.KEYWORD_ONLY else ""
                raise TypingError("%s() missing required %sargument '%s'" % (self.__name__, kind, p.name))
        for k in kwtypes:
            if k not in names:
                raise TypingError("%s() got an unexpected keyword argument '%s'" % (self.__name__, k))
        return tuple(types), plan

    def get_call_signature(self, args, kws) -> Signature:
        """Type a call from another jitted function (positional, already
        folded): find or type a specialization without compiling it."""
        args = tuple(args)
        if args in self.overloads:
            return self.overloads[args].signature
        best = self._best_match(args) if self._explicit else None
        if best is not None:
            return self.overloads[best].signature
        if self._explicit:
            raise TypingError("no compiled signature of %s matches %s" % (self.__name__, args))
        pre = self._pretyped.get(args)
        if pre is None:
            from pycomp.compiler import Timer, type_function

            timer = Timer()
            fir, res, _ = type_function(self, args, None, timer)
            # kept so compiling this specialization later does not type it again
            pre = self._pretyped[args] = (fir, res, timer)
        return Signature(pre[1].return_type, args)

    def native_symbol(self, argtypes) -> str:
        """The native symbol of the specialization for ``argtypes``,
        compiling it first if needed (a callee is lowered once per signature)."""
        sym = self._compiling.get(argtypes)
        if sym is not None:
            return sym
        ov = self.overloads.get(argtypes)
        if ov is None:
            # as get_call_signature typed it: a converting match only among
            # explicit signatures, else the exact specialization (an
            # optional(T) argument must not reach the T one: no None check)
            best = self._best_match(argtypes) if self._explicit else None
            ov = self.overloads[best] if best is not None else self._compile(argtypes, None)
        return ov.native_symbol

    # ------------------------------------------------------------ inspection
    @property
    def signatures(self):
        return [k for k in self.overloads]

    @property
    def nopython_signatures(self):
        return [ov.signature for ov in self.overloads.values()]

    def _overload(self, signature=None):
        if signature is None:
            if not self.overloads:
                raise ValueError("%s has not been compiled yet" % self.__name__)
            return list(self.overloads.values())[-1]
        return self.overloads[as_signature(signature).args if not isinstance(signature, tuple) else signature]

    STAGES = ("ir-gen", "nb-static-raise", "nb-static-getitem", "nb-simplify-cfg", "nb-dce",
              "nb-type-infer", "nb-to-llvm")

    def inspect_ir(self, stage: str = "nb-type-infer", signature=None) -> str:
        """The IR after the named stage (one of :meth:`stages`). The typed
        and llvm-dialect modules are kept; earlier stages are re-run for the
        signature on request (the JIT path does not print IR)."""
        from pycomp.compiler import module_text, type_function

        ov = self._overload(signature)
        if stage == "nb-to-llvm":
            return module_text(ov.llvm_module)
        stages = self.stages()
        if stage not in stages:
            raise ValueError("unknown stage %r; stages are %s" % (stage, ", ".join(stages)))
        _, _, snaps = type_function(self, ov.signature.args, None, None, snapshots=True)
        return snaps[stage]

    def stages(self) -> tuple:
        """The stages this function is compiled through: :attr:`STAGES`, or
        those of its ``pipeline=`` option (or ``PYCOMP_PIPELINE``)."""
        from pycomp.compiler import jit_passes

        before, typed = jit_passes(self.targetoptions)
        return ("ir-gen",) + tuple(p.name for p in before) + ("nb-type-infer",) + tuple(
            p.name for p in typed) + ("nb-to-llvm",)

    def inspect_types(self, file=None, signature=None, pretty=False, style="default", **kwargs):
        """Print the source annotated with the inferred types, of one
        signature or of every compiled one, to ``file`` (default stdout);
        the arguments are Numba's. The typed IR itself is
        ``inspect_ir("nb-type-infer")``."""
        from pycomp.frontend.annotate import annotate

        if pretty:
            if file is not None:
                raise ValueError("`file` must be None if `pretty=True`")
            raise UnsupportedError("inspect_types(pretty=True): pycomp has no HTML annotation yet")
        if signature is None:
            texts = [annotate(self.py_func, ov.typed_module.ops.first) for ov in self.overloads.values()]
        else:
            texts = [annotate(self.py_func, self._overload(signature).typed_module.ops.first)]
        text = "\n\n".join(texts)
        if file is None:
            print(text)
        else:
            file.write(text + "\n")

    def inspect_llvm(self, signature=None):
        """The optimized LLVM IR (as Numba's); the IR before optimization is
        ``f.overloads[argtypes].llvm_ir``. A dict by signature when none is given."""
        if signature is None:
            return {k: ov.optimized_ir for k, ov in self.overloads.items()}
        return self._overload(signature).optimized_ir

    def inspect_asm(self, signature=None):
        import llvmlite.binding as llb

        from pycomp.targets.cpu.codegen import engine

        def asm(ov):
            mod = llb.parse_assembly(ov.optimized_ir)
            return engine().tm.emit_assembly(mod)

        if signature is None:
            return {k: asm(ov) for k, ov in self.overloads.items()}
        return asm(self._overload(signature))

    def inspect_cfg(self, signature=None, show_wrapper=None, **kwargs):
        """Numba's: the control-flow graph of the optimized LLVM function
        (``.dot`` is its graphviz source, ``.display()`` renders it), for
        ``signature``, or a dict by signature when none is given;
        ``show_wrapper="python"`` gives the CPython wrapper's. The bytecode
        CFG is :meth:`inspect_bytecode_cfg`."""
        from pycomp.inspection import llvm_cfg

        def cfg(ov):
            sym = "cpython." + ov.native_symbol if show_wrapper == "python" else ov.native_symbol
            return llvm_cfg(ov.optimized_ir, sym, kwargs.get("show_inst", True))

        if signature is None:
            return {k: cfg(ov) for k, ov in self.overloads.items()}
        return cfg(self._overload(signature))

    def inspect_bytecode_cfg(self) -> str:
        """The CFG of the function's bytecode, as PYCOMP_DUMP_CFG prints it."""
        from pycomp.frontend.bytecode import decode
        from pycomp.frontend.cfg import ControlFlowGraph

        return ControlFlowGraph.from_instrs(decode(self.py_func.__code__)).dump(self.__qualname__)

    def typeof_pyval(self, val):
        """Numba's: the type compiled code gives the Python value ``val``."""
        from pycomp.typeof import typeof

        return typeof(val)

    def compile_times(self, signature=None) -> dict:
        """Per-stage compile times in seconds (of the last specialization
        compiled, or of ``signature``)."""
        return dict(self._overload(signature).timings)

    @property
    def stats(self):
        """Numba's: ``(cache_path, cache_hits, cache_misses)``. Nothing is
        cached on disk yet: no path, no hits, and every compile is a miss
        (counted per signature, as Numba counts them without a cache). The
        per-stage compile times are :meth:`compile_times`."""
        return _CompileStats(None, collections.Counter(), collections.Counter(self._cache_misses))

    def get_metadata(self, signature=None) -> dict:
        return {"pipeline_times": {"nopython": self.compile_times(signature)}}

    def __reduce__(self):
        """By reference when importable, else by value (pycomp.serialize)."""
        from pycomp.serialize import reduce_dispatcher

        return reduce_dispatcher(self)

    def __repr__(self):
        return "CPUDispatcher(%r)" % (self.py_func,)

    def __get__(self, obj, objtype=None):
        return self if obj is None else self.py_func.__get__(obj, objtype)


_enable_vectorcall(Dispatcher)  # calls from Python build no argument tuple (3.11 does not pass it on by itself)
