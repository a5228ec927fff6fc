"""Matrix products through BLAS, without scipy: ``a @ b``, ``np.matmul``,
``np.dot`` / ``a.dot(b)``, ``np.vdot``, ``np.inner``, ``np.outer``,
``np.trace`` and ``np.kron``, written through the extension API.

Products of float32/float64/complex64/complex128 arrays call ``?gemm`` of
the BLAS NumPy's wheel carries (:mod:`pycomp.targets.cpu.blas`; scipy's
when NumPy has none) through one intrinsic, :func:`_gemm`. Every 1-d and
2-d case is a ``gemm``: a vector is a 1-row or 1-column matrix view. An
operand whose strides BLAS can describe (C or F order with any leading
dimension, a strided vector) is passed as it is, with the transpose flag
its order needs; any other (negative or non-unit inner strides) is copied
first. Operands of another dtype than the result's are converted. Integer
and boolean products, and every product when no BLAS is found, are loops.
"""

from __future__ import annotations

import operator

import numpy as np

from pycomp import types
from pycomp.errors import TypingError
from pycomp.np.arraylike import is_array_like
from pycomp.extending import intrinsic, overload, overload_method, register_jitable
from pycomp.np.reductions import scalar_class
from pycomp.np import linalg_solve  # noqa: F401,E402  (np.linalg: solve, inv, det, ...)
from pycomp.np import linalg_decomp  # noqa: F401,E402  (np.linalg: svd, eig, qr, lstsq, ...)

__all__ = []

_BLAS_DTYPES = ("float32", "float64", "complex64", "complex128")


def _result_dtype(*arrays) -> types.Type:
    """NumPy's result dtype of a product of arrays of these types."""
    from pycomp.typeof import dtype_to_type

    return dtype_to_type(np.result_type(*[np.dtype(str(a.dtype)) for a in arrays]))


def _use_blas(dt: types.Type) -> bool:
    """Whether products of ``dt`` values go to BLAS."""
    from pycomp.targets.cpu import blas

    return str(dt) in _BLAS_DTYPES and blas.backend() is not None


def _is_array(t, ndims=(1, 2)) -> bool:
    return isinstance(t, types.Array) and t.ndim in ndims


# ------------------------------------------------------------------ the BLAS call


@intrinsic
def _gemm(typingctx, ta, tb, m, n, k, a, lda, b, ldb, c, ldc):
    """``c = op(a) @ op(b)`` in BLAS's column-major terms (``?gemm`` with
    alpha 1, beta 0): ``ta``/``tb`` are 0 (as stored), 1 (transposed) or 2
    (conjugate-transposed); ``a``, ``b``, ``c`` arrays of one BLAS dtype
    whose data pointers are passed; the rest int64. Returns 0."""
    arrays = (a, b, c)
    if not all(isinstance(x, types.Array) for x in arrays):
        return None
    if len({str(x.dtype) for x in arrays}) != 1 or str(a.dtype) not in _BLAS_DTYPES:
        return None

    def codegen(context, builder, sig, args):
        from xdsl.dialects.builtin import IntegerType

        from pycomp.targets.cpu import blas
        from pycomp.targets.datamodel import I8, I64, PTR

        backend = blas.bind()
        dt = sig.args[5].dtype
        kind = blas.KINDS[str(dt)]
        it = I64 if backend.int_bits == 64 else IntegerType(32)
        ta_v, tb_v, m_v, n_v, k_v, a_v, lda_v, b_v, ldb_v, c_v, ldc_v = args

        def int_ptr(v):
            if it is not I64:
                v = builder.cast("trunc", v, it)
            p = builder.alloca(it)
            builder.store(v, p)
            return p

        def trans_ptr(code):
            t, n_chr, c_chr = (builder.const_int(I8, ord(ch)) for ch in "TNC")
            is_n = builder.icmp("eq", code, builder.i64(0))
            is_t = builder.icmp("eq", code, builder.i64(1))
            ch = builder.select(is_n, n_chr, builder.select(is_t, t, c_chr))
            p = builder.alloca(I8)
            builder.store(ch, p)
            return p

        def scalar_ptr(value):
            lt = context.llvm_type(dt)
            if isinstance(dt, types.Complex):
                ft = context.llvm_type(dt.underlying_float)
                v = builder.insert_value(builder.undef(lt), builder.const_float(ft, value), 0)
                v = builder.insert_value(v, builder.const_float(ft, 0.0), 1)
            else:
                v = builder.const_float(lt, value)
            p = builder.alloca(lt)
            builder.store(v, p)
            return p

        def data(arr):
            return builder.extract(arr, 4, PTR)

        name = blas.symbol_name(kind)
        context.declare(name, None, [PTR] * 13)
        builder.call(name, [trans_ptr(ta_v), trans_ptr(tb_v), int_ptr(m_v), int_ptr(n_v),
                            int_ptr(k_v), scalar_ptr(1.0), data(a_v), int_ptr(lda_v), data(b_v),
                            int_ptr(ldb_v), scalar_ptr(0.0), data(c_v), int_ptr(ldc_v)])
        return builder.i64(0)

    i64 = types.int64
    return i64(i64, i64, i64, i64, i64, a, i64, b, i64, c, i64), codegen


@register_jitable
def _layout(x):
    """(order, leading dimension) of 2-d ``x`` for BLAS: order 0 when its
    rows are contiguous (C-like), 1 when its columns are (F-like), -1 when
    BLAS cannot describe it (it must be copied)."""
    r, c = x.shape
    isz = x.itemsize
    s0, s1 = x.strides
    if (c <= 1 or s1 == isz) and (r <= 1 or (s0 > 0 and s0 % isz == 0 and s0 >= c * isz)):
        return 0, (s0 // isz if r > 1 else max(c, 1))
    if (r <= 1 or s0 == isz) and (c <= 1 or (s1 > 0 and s1 % isz == 0 and s1 >= r * isz)):
        return 1, (s1 // isz if c > 1 else max(r, 1))
    return -1, 0


@register_jitable
def _gemm_into_b(a, la, lda, b, out):
    """:func:`_gemm_into` once ``a``'s layout is known."""
    m, k = a.shape
    n = b.shape[1]
    lb, ldb = _layout(b)
    # out (C order, m x n) is out.T (n x m) in column-major terms: b.T @ a.T
    if lb < 0:
        _gemm(0, la, n, m, k, np.ascontiguousarray(b), n, a, lda, out, n)
    else:
        _gemm(lb, la, n, m, k, b, ldb, a, lda, out, n)


@register_jitable
def _gemm_into(a, b, out):
    """Store ``a @ b`` (2-d arrays of out's dtype) into C-contiguous
    ``out`` (any view of m x n elements in C order) with one ``gemm``."""
    m, k = a.shape
    n = b.shape[1]
    if m == 0 or n == 0:
        return
    if k == 0:
        out[...] = 0
        return
    la, lda = _layout(a)
    if la < 0:
        _gemm_into_b(np.ascontiguousarray(a), 0, k, b, out)
    else:
        _gemm_into_b(a, la, lda, b, out)


def _as_dtype(a, dt):
    """Compiled code only: ``a`` if its dtype is ``dt``, else a converted copy."""
    raise NotImplementedError


@overload(_as_dtype)
def _as_dtype_ov(a, dt):
    """``a`` itself, or ``a.astype(dt)`` when its dtype differs."""
    from pycomp.frontend.typing.arraycreation import dtype_from_type

    if isinstance(a, types.Array):
        if a.dtype == dtype_from_type(dt, "_as_dtype"):
            return lambda a, dt: a
        return lambda a, dt: a.astype(dt)
    return None


# ------------------------------------------------------------------ loops (integers, no BLAS)


@register_jitable
def _loop_into(a, b, out, acc):
    """``out = a @ b`` for 2-d ``a``, ``b`` and 2-d ``out``, summed in ``acc``."""
    m, k = a.shape
    n = b.shape[1]
    for i in range(m):
        for j in range(n):
            out[i, j] = acc(0)
        for q in range(k):
            x = acc(a[i, q])
            for j in range(n):
                out[i, j] += x * acc(b[q, j])


# ------------------------------------------------------------------ dot / matmul


_DOT_MSG = "shapes not aligned for dot()"
_MATMUL_MSG = "matmul: mismatch in its core dimension (sizes differ)"


def _product_impl(a, b, msg):
    """The implementation of the 1-d/2-d product of arrays of types ``a``
    and ``b`` (raising ValueError(``msg``) on mismatched shapes)."""
    dt = _result_dtype(a, b)
    cls = scalar_class(dt)
    is_bool = isinstance(dt, types.Boolean)
    acc = scalar_class(types.int64) if is_bool else cls
    blas = _use_blas(dt)

    if blas:
        @register_jitable
        def prod2(x, y, out):
            _gemm_into(_as_dtype(x, cls), _as_dtype(y, cls), out)
    else:
        @register_jitable
        def prod2(x, y, out):
            _loop_into(x, y, out, acc)

    out_cls = acc  # loops into the accumulator's dtype, then converted for bool

    @register_jitable
    def finish(out):
        if is_bool:
            return out != 0
        return out

    if a.ndim == 1 and b.ndim == 1:
        def impl(a, b):
            if b.shape[0] != a.shape[0]:
                raise ValueError(msg)
            out = np.empty((1, 1), out_cls)
            prod2(a[np.newaxis, :], b[:, np.newaxis], out)
            return finish(out)[0, 0]
    elif a.ndim == 2 and b.ndim == 1:
        def impl(a, b):
            if b.shape[0] != a.shape[1]:
                raise ValueError(msg)
            out = np.empty((a.shape[0], 1), out_cls)
            prod2(a, b[:, np.newaxis], out)
            return finish(out)[:, 0]
    elif a.ndim == 1 and b.ndim == 2:
        def impl(a, b):
            if b.shape[0] != a.shape[0]:
                raise ValueError(msg)
            out = np.empty((1, b.shape[1]), out_cls)
            prod2(a[np.newaxis, :], b, out)
            return finish(out)[0]
    else:
        def impl(a, b):
            if b.shape[0] != a.shape[1]:
                raise ValueError(msg)
            out = np.empty((a.shape[0], b.shape[1]), out_cls)
            prod2(a, b, out)
            return finish(out)
    return impl


def _check_operands(a, b, what):
    """None when ``a``, ``b`` are not both arrays (another overload may
    take them); a TypingError naming ``what`` for other dimensions or
    dtypes; True when supported."""
    if not (isinstance(a, types.Array) and isinstance(b, types.Array)):
        return None
    if not (_is_array(a) and _is_array(b)):
        raise TypingError("%s of %s and %s: only 1-d and 2-d arrays are supported" % (what, a, b))
    for x in (a, b):
        if not isinstance(x.dtype, (types.Number, types.Boolean)):
            raise TypingError("%s of %s and %s: arrays of numbers only" % (what, a, b))
    return True


@overload(np.dot)
def _np_dot(a, b, out=None):
    """``np.dot(a, b, out=None)`` of 1-d and 2-d arrays."""
    if _check_operands(a, b, "np.dot()") is None:
        return None
    impl = register_jitable(_product_impl(a, b, _DOT_MSG))
    if out is None or isinstance(out, types.NoneType):
        return lambda a, b, out=None: impl(a, b)
    dt = _result_dtype(a, b)
    if not isinstance(out, types.Array) or str(out.dtype) != str(dt):
        raise TypingError("np.dot(): out must be an array of %s, not %s" % (dt, out))
    if out.ndim != max(a.ndim + b.ndim - 2, 0) or out.ndim == 0:
        raise TypingError("np.dot(): out must have %d dimensions" % (a.ndim + b.ndim - 2))

    def with_out(a, b, out=None):
        res = impl(a, b)
        if res.shape != out.shape or not out.flags.c_contiguous:
            raise ValueError("output array is not acceptable (must have the right datatype, "
                             "number of dimensions, and be a C-Array)")
        out[...] = res
        return out
    return with_out


@overload_method(types.Array, "dot")
def _array_dot(a, b):
    """``a.dot(b)``: ``np.dot(a, b)``."""
    if _check_operands(a, b, "dot()") is None:
        raise TypingError("dot() of %s and %s: only arrays are supported" % (a, b))
    return _product_impl(a, b, _DOT_MSG)


@overload(np.matmul)
def _np_matmul(a, b):
    """``np.matmul(a, b)`` of 1-d and 2-d arrays."""
    if _check_operands(a, b, "np.matmul()") is None:
        return None
    return _product_impl(a, b, _MATMUL_MSG)


@overload(operator.matmul)
def _op_matmul(a, b):
    """``a @ b`` of 1-d and 2-d arrays."""
    if _check_operands(a, b, "a @ b") is None:
        return None
    return _product_impl(a, b, _MATMUL_MSG)


# ------------------------------------------------------------------ vdot, inner, outer


@overload(np.vdot)
def _np_vdot(a, b):
    """``np.vdot(a, b)``: the dot product of the flattened arrays, the
    first conjugated."""
    if _check_operands(a, b, "np.vdot()") is None:
        return None
    if isinstance(a.dtype, types.Complex):
        def impl(a, b):
            if a.size != b.size:
                raise ValueError("cannot reshape array: vectors have different lengths")
            return np.dot(a.ravel().conj(), b.ravel())
    else:
        def impl(a, b):
            if a.size != b.size:
                raise ValueError("cannot reshape array: vectors have different lengths")
            return np.dot(a.ravel(), b.ravel())
    return impl


_INNER_MSG = "shapes not aligned for inner(): last dimensions differ"


@overload(np.inner)
def _np_inner(a, b):
    """``np.inner(a, b)`` of 1-d and 2-d arrays: sums over the last axes."""
    if _check_operands(a, b, "np.inner()") is None:
        return None
    if a.ndim == 1 and b.ndim == 2:
        def impl(a, b):
            if a.shape[0] != b.shape[1]:
                raise ValueError(_INNER_MSG)
            return np.dot(b, a)
    elif b.ndim == 2:
        def impl(a, b):
            if a.shape[a.ndim - 1] != b.shape[1]:
                raise ValueError(_INNER_MSG)
            return np.dot(a, b.T)
    else:
        def impl(a, b):
            if a.shape[a.ndim - 1] != b.shape[0]:
                raise ValueError(_INNER_MSG)
            return np.dot(a, b)
    return impl


@overload(np.outer)
def _np_outer(a, b, out=None):
    """``np.outer(a, b, out=None)``: ``a.ravel()[i] * b.ravel()[j]`` in a
    new (a.size, b.size) array, or written into ``out`` (of that shape),
    which is returned."""
    has_out = out is not None and not isinstance(out, (types.NoneType, types.Omitted))
    if not (isinstance(a, types.Array) and isinstance(b, types.Array)):
        if is_array_like(a) and is_array_like(b):  # numbers, lists, tuples: their arrays
            return lambda a, b, out=None: np.outer(np.asarray(a), np.asarray(b), out)
        return None
    for x in (a, b):
        if not isinstance(x.dtype, (types.Number, types.Boolean)):
            raise TypingError("np.outer() of %s and %s: arrays of numbers only" % (a, b))
    cls = scalar_class(_result_dtype(a, b))
    if has_out:
        if not (isinstance(out, types.Array) and out.ndim == 2 and not out.readonly
                and isinstance(out.dtype, (types.Number, types.Boolean))):
            raise TypingError("np.outer(): out must be a writable 2-d array of numbers, not %s" % (out,))
        ocls = scalar_class(out.dtype)

        def impl(a, b, out=None):
            x = a.ravel()
            y = b.ravel()
            if out.shape[0] != x.shape[0] or out.shape[1] != y.shape[0]:
                raise ValueError("np.outer(): out has the wrong shape")
            for i in range(x.shape[0]):
                xi = cls(x[i])
                for j in range(y.shape[0]):
                    out[i, j] = ocls(xi * cls(y[j]))
            return out
        return impl

    def impl(a, b, out=None):
        x = a.ravel()
        y = b.ravel()
        res = np.empty((x.shape[0], y.shape[0]), cls)
        for i in range(x.shape[0]):
            xi = cls(x[i])
            for j in range(y.shape[0]):
                res[i, j] = xi * cls(y[j])
        return res
    return impl


# ------------------------------------------------------------------ trace, kron


def _sum_dtype(dt: types.Type) -> types.Type:
    """NumPy's dtype of a sum of ``dt`` values (small integers and bools
    widen to the platform integer)."""
    from pycomp.typeof import dtype_to_type

    return dtype_to_type(np.zeros(1, np.dtype(str(dt))).sum().dtype)


@overload(np.trace)
def _np_trace(a, offset=0):
    """``np.trace(a, offset=0)`` of a 2-d array: the sum of its diagonal
    ``offset`` above the main one."""
    if not isinstance(a, types.Array):
        return None
    if a.ndim != 2 or not isinstance(a.dtype, (types.Number, types.Boolean)):
        raise TypingError("np.trace() only supported on 2-D arrays (of numbers), not %s" % a)
    if not (offset == 0 or isinstance(offset, types.Integer)):
        raise TypingError("np.trace(): offset must be an integer, not %s" % offset)
    cls = scalar_class(_sum_dtype(a.dtype))

    def impl(a, offset=0):
        m, n = a.shape
        i = 0 if offset >= 0 else -offset
        j = offset if offset >= 0 else 0
        s = cls(0)
        while i < m and j < n:
            s += cls(a[i, j])
            i += 1
            j += 1
        return s
    return impl


@overload(np.kron)
def _np_kron(a, b):
    """``np.kron(a, b)``: the Kronecker product of two array-likes of at most
    2 dimensions (the one with fewer gets leading unit axes)."""
    if not (isinstance(a, types.Array) and isinstance(b, types.Array)):
        if is_array_like(a) and is_array_like(b):  # numbers, lists, tuples: their arrays
            return lambda a, b: np.kron(np.asarray(a), np.asarray(b))
        return None
    for x in (a, b):
        if not isinstance(x.dtype, (types.Number, types.Boolean)) or x.ndim > 2:
            raise TypingError("np.kron() only supported on 1 and 2-D arrays (of numbers), not %s and %s"
                              % (a, b))
    if a.ndim != b.ndim:  # NumPy: the one with fewer dimensions gets leading unit axes
        if max(a.ndim, b.ndim) == 2:
            return lambda a, b: np.kron(np.atleast_2d(a), np.atleast_2d(b))
        return lambda a, b: np.kron(np.atleast_1d(a), np.atleast_1d(b))
    if a.ndim == 0:
        return lambda a, b: np.kron(np.atleast_1d(a), np.atleast_1d(b))[0]  # NumPy: a number
    cls = scalar_class(_result_dtype(a, b))
    if a.ndim == 1:
        def impl(a, b):
            p = b.shape[0]
            out = np.empty(a.shape[0] * p, cls)
            for i in range(a.shape[0]):
                x = cls(a[i])
                for k in range(p):
                    out[i * p + k] = x * cls(b[k])
            return out
    else:
        def impl(a, b):
            m, n = a.shape
            p, q = b.shape
            out = np.empty((m * p, n * q), cls)
            for i in range(m):
                for j in range(n):
                    x = cls(a[i, j])
                    for k in range(p):
                        for h in range(q):
                            out[i * p + k, j * q + h] = x * cls(b[k, h])
            return out
    return impl
