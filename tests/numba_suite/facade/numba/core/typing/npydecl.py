"""``numba.core.typing.npydecl``: only ``supported_ufuncs`` has a meaning here.

``test_ufuncs`` generates one test per loop (``ufunc.types``) of every ufunc
in this list. The list is the one Numba 0.68 supports, by name, not the one
pycomp supports: the generated tests are then the same as under Numba, and a
ufunc pycomp lacks shows up as failing tests rather than as missing ones.
"""

import numpy as _np

from numba._facade import StandIn as _StandIn

# the ufuncs of Numba 0.68's ``supported_ufuncs``, in NumPy's names
_NAMES = (
    "add", "subtract", "multiply", "divide", "logaddexp", "logaddexp2", "true_divide",
    "floor_divide", "negative", "positive", "power", "float_power", "remainder", "mod", "fmod",
    "absolute", "rint", "sign", "conjugate", "exp", "exp2", "log", "log2", "log10", "expm1",
    "log1p", "sqrt", "square", "cbrt", "reciprocal", "divmod", "gcd", "lcm",
    "sin", "cos", "tan", "arcsin", "arccos", "arctan", "arctan2", "hypot", "sinh", "cosh",
    "tanh", "arcsinh", "arccosh", "arctanh", "deg2rad", "rad2deg", "degrees", "radians",
    "bitwise_and", "bitwise_or", "bitwise_xor", "invert", "left_shift", "right_shift",
    "greater", "greater_equal", "less", "less_equal", "not_equal", "equal",
    "logical_and", "logical_or", "logical_xor", "logical_not",
    "maximum", "minimum", "fmax", "fmin",
    "isfinite", "isinf", "isnan", "isnat", "signbit", "copysign", "nextafter", "modf",
    "ldexp", "frexp", "floor", "ceil", "trunc", "spacing", "fabs",
)

supported_ufuncs = []
for _name in _NAMES:
    _u = getattr(_np, _name, None)
    if isinstance(_u, _np.ufunc):  # aliases stay: Numba's list has both remainder and mod
        supported_ufuncs.append(_u)


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _StandIn("numba.core.typing.npydecl." + name, "internal")
