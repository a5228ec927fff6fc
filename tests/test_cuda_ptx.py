"""The CUDA target: ``cuda.compile_ptx`` compiles kernels and device functions
to PTX without a GPU; ``ptxas`` (when installed) must assemble the PTX for
sm_80 and sm_90.

Under ``PYCOMP_TEST_ENGINE=numba`` the same cases run through Numba's
``numba.cuda.compile_ptx`` (it needs the CUDA toolkit's NVVM, present here);
``cc`` is always given, since Numba 0.68's default (5.0) is older than what
CUDA 13 compiles for.
"""

import inspect
import math
import re
import shutil
import subprocess
import sys

import pytest

from support import (TypingError, UnsupportedError, is_numba, is_pycomp, njit, numba_differs, pycomp_only,
                     types)

if is_numba:
    from numba import cuda
else:
    from pycomp import cuda

PTXAS = shutil.which("ptxas")
CC80, CC90 = (8, 0), (9, 0)


_compiled: dict = {}


def ptx_of(func, sig, device=False, cc=CC80, **options):
    """``cuda.compile_ptx(func, sig, ...)``, compiled once per test session."""
    key = (func, str(sig), device, cc, tuple(sorted(options.items())))
    if key not in _compiled:
        _compiled[key] = cuda.compile_ptx(func, sig, device=device, cc=cc, **options)
    return _compiled[key]


def ptxas_errors(ptx: str, arch: str, tmp_path) -> str:
    """Assemble ``ptx`` for ``arch``; the errors ('' when it assembles)."""
    path = tmp_path / ("k_%s.ptx" % arch)
    path.write_text(ptx)
    r = subprocess.run([PTXAS, "-arch=" + arch, "-o", "/dev/null", str(path)], capture_output=True, text=True,
                       timeout=120)
    return "" if r.returncode == 0 else (r.stderr or r.stdout or "ptxas failed")


def entry_params(ptx: str) -> list:
    """The parameter declarations of the (one) ``.entry`` of ``ptx``."""
    head = ptx[ptx.index(".entry"):]
    return re.findall(r"\.param [^,)]+", head[:head.index(")")])


def called_functions(ptx: str) -> set:
    return set(re.findall(r"\bcall(?:\.uni)?\s+(?:\([^)]*\),\s*)?([A-Za-z_$][\w$]*)", ptx))


def defined_functions(ptx: str) -> set:
    return set(re.findall(r"^(?:\.visible |\.weak )?\.func\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)", ptx, re.M))


def assert_self_contained(ptx: str):
    """Every function the PTX calls is defined in it (libdevice is linked)."""
    assert ".extern" not in ptx
    missing = called_functions(ptx) - defined_functions(ptx)
    assert not missing, missing


def error_line(func, marker="# error here") -> int:
    lines, first = inspect.getsourcelines(func)
    return next(first + i for i, text in enumerate(lines) if marker in text)


def assert_names_line(exc, func):
    """The message names the offending line (Numba: ``line N`` or ``(N)``)."""
    n = error_line(func)
    assert re.search(r"line %d\b|\(%d\)" % (n, n), str(exc)), str(exc)


# ------------------------------------------------------------------ device functions


def axpy(a, x, y):
    return a * x + y


def test_device_function_is_a_func_with_the_status_convention():
    ptx, resty = ptx_of(axpy, "float64(float64, float64, float64)", device=True, cc=CC80)
    assert str(resty) == "float64"
    assert ".target sm_80" in ptx
    assert ".entry" not in ptx
    # i32 status returned, the result through a pointer (the first parameter)
    assert re.search(r"\.visible \.func\s+\(\.param \.b32 func_retval0\)", ptx)
    assert "fma.rn.f64" in ptx or ("mul.rn.f64" in ptx and "add.rn.f64" in ptx)


def test_device_function_infers_its_return_type_from_argument_types():
    _, resty = ptx_of(axpy, "(float32, float32, float32)", device=True, cc=CC80)
    assert str(resty) == "float32"


def test_cc_90_targets_sm_90():
    ptx, _ = ptx_of(axpy, "float32(float32, float32, float32)", device=True, cc=CC90)
    assert ".target sm_90" in ptx and ".target sm_80" not in ptx


# ------------------------------------------------------------------ kernels


def scale(a, b):
    i = cuda.grid(1)
    if i < a.size:
        b[i] = a[i] * 2.0


@pytest.mark.parametrize("cc", [CC80, CC90])
def test_kernel_is_an_entry_with_flattened_array_arguments(cc):
    ptx, resty = ptx_of(scale, "void(float32[:], float32[:])", cc=cc)
    assert str(resty) == "none"
    assert ".target sm_%d%d" % cc in ptx
    assert ".visible .entry" in ptx
    # each 1-d array: meminfo, parent, nitems, itemsize, data, shape, strides
    assert len(entry_params(ptx)) == 2 * 7
    # grid(1) = ctaid.x * ntid.x + tid.x
    for reg in ("%tid.x", "%ctaid.x", "%ntid.x"):
        assert reg in ptx


def fill2d(a):
    i, j = cuda.grid(2)
    w, h = cuda.gridsize(2)
    if i < a.shape[0] and j < a.shape[1]:
        a[i, j] = w * h


def test_grid_2_is_a_tuple_of_both_axes():
    ptx, _ = ptx_of(fill2d, "void(float64[:,:])", cc=CC80)
    assert len(entry_params(ptx)) == 5 + 2 + 2  # a 2-d array: two shapes, two strides
    for reg in ("%tid.x", "%tid.y", "%ctaid.x", "%ctaid.y", "%ntid.x", "%ntid.y", "%nctaid.x", "%nctaid.y"):
        assert reg in ptx, reg


def registers(a):
    a[0] = cuda.threadIdx.x
    a[1] = cuda.threadIdx.y
    a[2] = cuda.threadIdx.z
    a[3] = cuda.blockIdx.x
    a[4] = cuda.blockIdx.y
    a[5] = cuda.blockDim.x
    a[6] = cuda.blockDim.z
    a[7] = cuda.gridDim.x
    a[8] = cuda.gridDim.y


def test_dim3_attributes_read_their_special_registers():
    ptx, _ = ptx_of(registers, "void(int32[:])", cc=CC80)
    for reg in ("%tid.x", "%tid.y", "%tid.z", "%ctaid.x", "%ctaid.y", "%ntid.x", "%ntid.z", "%nctaid.x",
                "%nctaid.y"):
        assert reg in ptx, reg
    assert "%ctaid.z" not in ptx and "%nctaid.z" not in ptx  # nothing read that was not asked for


def mixed_arguments(a, x, flag, t, c):
    i = cuda.grid(1)
    if flag and i < a.size:
        a[i] = x * t[0] + t[1] + c.real


MIXED_SIG = types.void(types.float64[:], types.float32, types.boolean, types.UniTuple(types.int64, 2),
                       types.complex128)


def test_scalar_tuple_and_complex_arguments_are_flattened():
    ptx, _ = ptx_of(mixed_arguments, MIXED_SIG, cc=CC80)
    params = entry_params(ptx)
    assert len(params) == 7 + 1 + 1 + 2 + 2
    assert params[7].startswith(".param .f32") and params[-1].startswith(".param .f64")


def loop_sum(a):
    s = 0.0
    for j in range(a.shape[0]):
        s += a[j]
    a[cuda.threadIdx.x] = s


def test_kernel_with_a_loop():
    ptx, _ = ptx_of(loop_sum, "void(float64[:])", cc=CC80)
    assert re.search(r"@%p\d+ bra", ptx)  # the loop's branch


def raise_in_kernel(a):
    if a[0] < 0:
        raise ValueError("negative")
    a[0] = 1.0


def test_a_kernel_may_raise_and_its_status_is_ignored():
    ptx, _ = ptx_of(raise_in_kernel, "void(float64[:])", cc=CC80)
    assert ".entry" in ptx
    assert len(re.findall(r"\bret;", ptx)) >= 1  # the raising path just returns


@pycomp_only("the name of the entry and of its body are pycomp's")
def test_the_kernel_body_is_inlined_into_the_entry():
    ptx, _ = ptx_of(scale, "void(float32[:], float32[:])", cc=CC80)
    assert re.search(r"\.entry pycomp_scale_[0-9a-f]{8}_kernel\(", ptx)
    assert ".func" not in ptx  # the status-convention body is internal and inlined


# ------------------------------------------------------------------ math through libdevice


def math64(x, y):
    return (math.sin(x) + math.cos(x) + math.tan(x) + math.exp(x) + math.log(x) + math.sqrt(x)
            + math.pow(x, y) + x ** y + math.atan2(x, y) + math.log10(x) + math.log2(x)
            + math.hypot(x, y) + math.erf(x) + math.gamma(x) + math.lgamma(x) + math.fmod(x, y) + x % y
            + math.floor(x) + math.ceil(x) + math.fabs(x) + math.copysign(x, y) + math.ldexp(x, 3)
            + math.frexp(x)[0] + math.expm1(x) + math.log1p(x) + math.asinh(x) + round(x))


@pytest.mark.parametrize("t", ["float64", "float32"])
@pytest.mark.parametrize("opt", [True, False])
def test_math_functions_link_libdevice(t, opt):
    ptx, _ = ptx_of(math64, "%s(%s, %s)" % (t, t, t), device=True, cc=CC80, opt=opt)
    assert_self_contained(ptx)


def math_new_in_311(x):
    return math.exp2(x) + math.cbrt(x)


@pycomp_only("Numba's CUDA target has no math.exp2 or math.cbrt (new in Python 3.11)")
@pytest.mark.parametrize("t", ["float64", "float32"])
def test_math_exp2_and_cbrt(t):
    ptx, _ = ptx_of(math_new_in_311, "%s(%s)" % (t, t), device=True, cc=CC80)
    assert_self_contained(ptx)


def sine(x):
    return math.sin(x)


@pycomp_only("pycomp's lowering: math.sin is llvm.sin, which the CUDA target redirects to libdevice")
def test_math_sin_is_libdevice_sin():
    from pycomp import types as ty
    from pycomp.targets.cuda import libdevice

    ptx, _ = ptx_of(sine, "float64(float64)", device=True, cc=CC80, opt=False)
    assert "__nv_sin" in defined_functions(ptx)  # not inlined at opt=False: its body is in the module
    assert libdevice.math_symbol("sin", ty.float32) == "__nv_sinf"
    assert libdevice.math_symbol("sin", ty.float32, fastmath=True) == "__nv_fast_sinf"


def test_fastmath_uses_the_approximate_float32_functions():
    fast, _ = ptx_of(sine, "float32(float32)", device=True, cc=CC80, fastmath=True)
    exact, _ = ptx_of(sine, "float32(float32)", device=True, cc=CC80)
    assert "sin.approx" in fast and ".ftz" in fast
    assert "sin.approx" not in exact


# ------------------------------------------------------------------ errors name the line


def calls_gcd(a, b):
    return math.gcd(a, b)  # error here


def test_a_c_helper_function_is_a_typing_error_naming_the_line():
    with pytest.raises(TypingError) as info:
        ptx_of(calls_gcd, "int64(int64, int64)", device=True, cc=CC80)
    assert_names_line(info.value, calls_gcd)
    if is_pycomp:
        assert "math.gcd() is not supported on the CUDA target" in str(info.value)


def complex_power(a, b):
    return a ** b  # error here


@numba_differs("numba-cuda implements complex power on the GPU; pycomp's is a C helper")
def test_complex_power_is_a_typing_error_naming_the_line():
    with pytest.raises(TypingError) as info:
        ptx_of(complex_power, "complex128(complex128, complex128)", device=True, cc=CC80)
    assert_names_line(info.value, complex_power)
    assert "complex power (**) is not supported on the CUDA target" in str(info.value)


def returns_a_value(a):
    return a[0]  # error here


def test_a_kernel_returning_a_value_is_a_typing_error_naming_the_line():
    with pytest.raises(TypingError) as info:
        ptx_of(returns_a_value, "void(float32[:])", cc=CC80)
    assert_names_line(info.value, returns_a_value)
    if is_pycomp:
        assert "a CUDA kernel cannot return a value" in str(info.value)


def test_a_kernel_signature_with_a_return_type_is_a_type_error():
    with pytest.raises(TypeError, match="CUDA kernel must have void return type"):
        ptx_of(returns_a_value, "float32(float32[:])", cc=CC80)


def grid_on_the_cpu(a):
    return cuda.grid(1)  # error here


def thread_index_on_the_cpu(a):
    return cuda.threadIdx.x  # error here


@pytest.mark.parametrize("func", [grid_on_the_cpu, thread_index_on_the_cpu])
def test_the_cuda_api_in_a_cpu_function_is_an_error_naming_the_line(func):
    with pytest.raises((TypingError, UnsupportedError)) as info:
        njit("int64(float32[:])")(func)
    assert_names_line(info.value, func)
    if is_pycomp:
        assert "only available in code compiled for the CUDA target" in str(info.value)


_FRESH_CPU_PROCESS = """
import sys
from pycomp import cuda, njit
def add(a, b):
    return a + b
assert njit(add)(1, 2) == 3
print("cudadecl" in sys.modules)
def grid_on_the_cpu(a):
    return cuda.grid(1)
try:
    njit("int64(float32[:])")(grid_on_the_cpu)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
"""


@pycomp_only("start-up imports of pycomp's own modules")
def test_the_cuda_declarations_load_when_a_cpu_function_first_meets_the_cuda_api():
    # start-up of a CPU program imports none of the CUDA typing; the first
    # CPU function that uses the CUDA API still gets the named TypingError
    code = _FRESH_CPU_PROCESS.replace('"cudadecl"', '"pycomp.frontend.typing.cudadecl"')
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    first, second = r.stdout.strip().splitlines()
    assert first == "False"
    assert second.startswith("TypingError cuda.grid() is only available in code compiled for the CUDA target")


def grid_of_a_variable(a, n):
    i = cuda.grid(n)  # error here
    a[0] = i


def unknown_dim3_attribute(a):
    a[0] = cuda.threadIdx.w  # error here


@pytest.mark.parametrize("func, sig", [(grid_of_a_variable, "void(float32[:], int64)"),
                                       (unknown_dim3_attribute, "void(float32[:])")])
def test_misused_cuda_api_is_a_typing_error_naming_the_line(func, sig):
    with pytest.raises(TypingError) as info:
        ptx_of(func, sig, cc=CC80)
    assert_names_line(info.value, func)


def dim3_merged_from_branches(a, flag):
    if flag:
        d = cuda.threadIdx  # error here
    else:
        d = cuda.blockIdx  # error here
    a[0] = d.x


@pycomp_only("pycomp's message for a use of the CUDA API it cannot bind")
def test_a_dim3_through_a_variable_of_two_branches_is_a_typing_error():
    with pytest.raises(TypingError, match=r"cuda\.(threadIdx|blockIdx) can only be read as cuda\.\1\.x") as info:
        ptx_of(dim3_merged_from_branches, "void(int32[:], boolean)")
    line = error_line(dim3_merged_from_branches)
    assert re.search(r"line (%d|%d)\b" % (line, line + 2), str(info.value))


def api_uses(a):
    a[0] = cuda.threadIdx.x + cuda.blockDim.y
    i, j = cuda.grid(2)
    a[1] = i + j + cuda.gridsize(ndim=1)


@pycomp_only("the nb-cuda-intrinsics pass")
def test_the_cuda_intrinsics_pass_binds_the_api_to_calls():
    from pycomp.frontend.irgen import generate_ir
    from pycomp.passes import run_pipeline

    fir = generate_ir(api_uses)
    run_pipeline(fir.module, "nb-cuda-intrinsics", verify_each=True)
    text = str(fir.module)
    for name in ("threadIdx.x", "blockDim.y", "grid(2)", "gridsize(1)"):
        assert re.search(r'nb.global "cuda\.%s" = ' % re.escape(name), text), name
    assert "nb.getattr" not in text  # every .x became a call
    assert not re.search(r'"cuda\.(threadIdx|blockDim|grid|gridsize)" =', text)  # the stubs are gone


def helper_add_one(x):
    return x + 1


def calls_a_jitted_function(a):
    a[0] = jitted_helper(a[0])  # error here


jitted_helper = njit(helper_add_one)


@pycomp_only("Numba 0.68's CUDA target wants a driver to call an @njit function from a kernel")
def test_calling_a_jitted_function_from_cuda_code_is_a_clear_error():
    with pytest.raises(TypingError, match="calling the jitted function 'helper_add_one' from CUDA code") as info:
        ptx_of(calls_a_jitted_function, "void(float64[:])", cc=CC80)
    assert_names_line(info.value, calls_a_jitted_function)


# ------------------------------------------------------------------ devices and defaults


@pytest.mark.skipif(is_pycomp and cuda.is_available(), reason="a GPU is present")
def test_compile_for_current_device_without_a_gpu_is_a_cuda_support_error():
    if is_numba and cuda.is_available():
        pytest.skip("a GPU is present")
    with pytest.raises(ImportError) as info:
        cuda.compile_ptx_for_current_device(scale, "void(float32[:], float32[:])")
    assert type(info.value).__name__ == "CudaSupportError"
    if is_pycomp:
        assert "no CUDA GPU was found" in str(info.value)


@pytest.mark.skipif(not cuda.is_available(), reason="needs a GPU")
def test_compile_for_current_device_uses_its_compute_capability():
    ptx, _ = cuda.compile_ptx_for_current_device(scale, "void(float32[:], float32[:])")
    if is_pycomp:
        cc = cuda.current_compute_capability()
        assert ".target sm_%d%d" % cc in ptx


@pycomp_only("numba-cuda's rule (the toolkit's oldest cc, at least 5.0); Numba 0.68's bundled cuda uses 5.0")
def test_default_cc_follows_numba_cuda_and_the_toolkit(monkeypatch):
    from pycomp.targets.cuda import toolkit

    oldest = toolkit.oldest_supported_cc()
    expected = max((5, 0), oldest) if oldest else (5, 0)
    assert cuda.default_compute_capability() == expected
    ptx, _ = cuda.compile_ptx(axpy, "float64(float64, float64, float64)", device=True)
    assert ".target sm_%d%d" % expected in ptx
    monkeypatch.setenv("PYCOMP_CUDA_DEFAULT_PTX_CC", "8.6")
    assert cuda.default_compute_capability() == max((8, 6), expected)


@pycomp_only("pycomp's search for the CUDA toolkit")
def test_math_without_libdevice_is_a_cuda_support_error(monkeypatch):
    from pycomp.targets.cuda import libdevice, toolkit

    monkeypatch.setattr(toolkit, "libdevice_path", lambda: None)
    monkeypatch.setattr(libdevice, "_parsed", None)
    with pytest.raises(ImportError, match="libdevice.*CUDA_HOME") as info:
        cuda.compile_ptx(sine, "float64(float64)", device=True, cc=CC80)
    assert type(info.value).__name__ == "CudaSupportError"
    ptx, _ = cuda.compile_ptx(axpy, "float64(float64, float64, float64)", device=True, cc=CC80)
    assert ".func" in ptx  # code without math needs no libdevice


@pycomp_only("pycomp's own checks of its API")
def test_api_checks():
    with pytest.raises(ValueError, match="compute capability"):
        cuda.compile_ptx(axpy, "float64(float64, float64, float64)", device=True, cc=80)
    with pytest.raises(ValueError, match="unknown compute capability 9.9"):
        cuda.compile_ptx(axpy, "float64(float64, float64, float64)", device=True, cc=(9, 9))
    with pytest.raises(UnsupportedError, match="debug"):
        cuda.compile_ptx(axpy, "float64(float64, float64, float64)", device=True, cc=CC80, debug=True)
    with pytest.raises(UnsupportedError, match="launching CUDA kernels is not supported yet"):
        cuda.jit(scale)
    with pytest.raises(RuntimeError, match="only be used inside code compiled for CUDA"):
        cuda.grid(1)
    with pytest.raises(RuntimeError, match="only be used inside code compiled for CUDA"):
        cuda.threadIdx.x
    import pycomp as numba

    assert numba.cuda.compile_ptx is cuda.compile_ptx


@pycomp_only("the nb-to-llvm pass with the CUDA target context")
def test_nb_to_llvm_pass_lowers_for_the_cuda_target():
    """``nb-to-llvm{target=cuda}`` uses the CUDA context: math goes to libdevice."""
    from pycomp.compiler import type_function
    from pycomp.dispatcher import Dispatcher
    from pycomp.lowering.nb_to_llvm import lower_nb_module
    from pycomp import types as ty

    fir, _, _ = type_function(Dispatcher(lambda x, y: math.atan2(x, y)), (ty.float64, ty.float64))
    lower_nb_module(fir.module, target="cuda")
    assert "__nv_atan2" in [op.sym_name.data for op in fir.module.ops]
    fir, _, _ = type_function(Dispatcher(calls_gcd), (ty.int64, ty.int64))
    with pytest.raises(TypingError, match="math.gcd"):
        lower_nb_module(fir.module, target="cuda")


# ------------------------------------------------------------------ ptxas assembles what was compiled

#: id -> (function, signature, device, cc, options): PTX the tests above compile
PTXAS_CASES = {
    "device-f64": (axpy, "float64(float64, float64, float64)", True, CC80, {}),
    "device-f32-sm90": (axpy, "float32(float32, float32, float32)", True, CC90, {}),
    "kernel-grid1": (scale, "void(float32[:], float32[:])", False, CC80, {}),
    "kernel-grid1-sm90": (scale, "void(float32[:], float32[:])", False, CC90, {}),
    "kernel-grid2": (fill2d, "void(float64[:,:])", False, CC80, {}),
    "kernel-registers": (registers, "void(int32[:])", False, CC80, {}),
    "kernel-loop": (loop_sum, "void(float64[:])", False, CC80, {}),
    "kernel-raise": (raise_in_kernel, "void(float64[:])", False, CC80, {}),
    "math-f64": (math64, "float64(float64, float64)", True, CC80, {}),
    "math-f32": (math64, "float32(float32, float32)", True, CC80, {}),
    "math-f64-noopt": (math64, "float64(float64, float64)", True, CC80, {"opt": False}),
    "math-f32-noopt": (math64, "float32(float32, float32)", True, CC80, {"opt": False}),
    "math-f32-fastmath": (math64, "float32(float32, float32)", True, CC80, {"fastmath": True}),
    "kernel-mixed-args": (mixed_arguments, MIXED_SIG, False, CC80, {}),
}
if is_pycomp:  # Numba's CUDA target lacks them
    PTXAS_CASES["math-exp2-cbrt-f64"] = (math_new_in_311, "float64(float64)", True, CC80, {})
    PTXAS_CASES["math-exp2-cbrt-f32"] = (math_new_in_311, "float32(float32)", True, CC80, {})


@pytest.mark.skipif(PTXAS is None, reason="ptxas (CUDA toolkit) is not on PATH")
@pytest.mark.parametrize("case, arch", [(case, arch) for case, (_, _, _, cc, _) in PTXAS_CASES.items()
                                        for arch in ("sm_80", "sm_90") if int(arch[3:]) >= cc[0] * 10 + cc[1]])
def test_ptxas_assembles(case, arch, tmp_path):
    """PTX for sm_80 assembles for sm_80 and sm_90; PTX for sm_90 for sm_90."""
    func, sig, device, cc, options = PTXAS_CASES[case]
    ptx, _ = ptx_of(func, sig, device=device, cc=cc, **options)
    assert ptxas_errors(ptx, arch, tmp_path) == ""

