/*
 * pycomp._helperlib -- C helpers for JIT-compiled code.
 *
 * Every compiled function gets a generated "CPython wrapper" with the
 * METH_FASTCALL signature
 *
 *     PyObject *wrapper(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
 *
 * which unboxes the arguments, calls the native function and boxes the
 * result.  Doing all of that directly in LLVM IR would mean re-implementing
 * parts of the CPython and NumPy C APIs (many of which are macros or inline
 * functions with no address), so the wrapper calls the small helpers in this
 * file instead.  Python looks their addresses up in the `c_helpers` dict and
 * registers them with llvmlite (binding.add_symbol) before JIT compilation.
 *
 * Contents:
 *   - pycomp_array and pycomp_unbox_array(): the array data model and the
 *     unboxing of a numpy.ndarray into it; pycomp_unbox_buffer(): bytes,
 *     bytearray and memoryview as uint8 arrays;
 *   - pycomp_unbox_{int64,uint64,float64,complex128,bool}(): scalar unboxing;
 *   - set_exception_table() / pycomp_raise_static(): exceptions raised by
 *     compiled code with constant arguments;
 *   - pycomp_release_gil() / pycomp_acquire_gil(): for nogil=True;
 *   - make_function(): turns a wrapper's address into a Python callable;
 *   - the random states' accessors (random_python.c, Numba's rnd_* names);
 *   - the registration of the memory runtime (nrt.c: allocation, reference
 *     counting, statistics) and of array boxing (nrt_python.c).
 *
 * All C helpers expect the GIL to be held by the caller (except, obviously,
 * pycomp_acquire_gil()).  They return 0 on success and -1 with a Python
 * exception set on failure, unless documented otherwise.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include <numpy/arrayobject.h>
#include <numpy/arrayscalars.h>

#include "nrt.h"
#include "numeric_helpers.h"
#include "unicode.h"

/* random_python.c: the rnd_* functions (Numba's _helperlib names) */
int pycomp_random_add_to_module(PyObject *m);

/* ---------------------------------------------------------------------- */
/* Array data model                                                        */
/* ---------------------------------------------------------------------- */

/* pycomp_array, the native representation of an N-d array (meminfo, parent,
 * nitems, itemsize, data, shape[ndim], strides[ndim]), is declared in nrt.h
 * with the array boxing (nrt_python.c). */

/*
 * Unbox `obj`, which must be a numpy.ndarray (or subclass) with exactly
 * `ndim` dimensions, into `out`.  `out` must have room for 2 * ndim
 * trailing int64 values.  No reference counts change: `parent` is borrowed
 * and the data stays owned by the ndarray.
 */
int
pycomp_unbox_array(PyObject *obj, pycomp_array *out, int ndim)
{
    if (!PyArray_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "expected a %d-d array, got %.200s",
                     ndim, Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyArrayObject *arr = (PyArrayObject *)obj;
    if (PyArray_NDIM(arr) != ndim) {
        PyErr_Format(PyExc_TypeError, "expected a %d-d array, got a %d-d array",
                     ndim, PyArray_NDIM(arr));
        return -1;
    }

    const npy_intp *shape = PyArray_DIMS(arr);
    const npy_intp *strides = PyArray_STRIDES(arr);

    out->meminfo = NULL;
    out->parent = obj;
    out->nitems = (int64_t)PyArray_SIZE(arr);
    out->itemsize = (int64_t)PyArray_ITEMSIZE(arr);
    out->data = PyArray_DATA(arr);
    for (int i = 0; i < ndim; i++) {
        out->shape_and_strides[i] = (int64_t)shape[i];
        out->shape_and_strides[ndim + i] = (int64_t)strides[i];
    }
    return 0;
}

/*
 * Unbox a bytes or bytearray `obj` as a 1-d uint8 array of its bytes, or a
 * memoryview as an `ndim`-d array of its items (its format's dtype, shape
 * and strides): a new ndarray viewing the buffer (read-only when the
 * object is) becomes `out->parent`, a NEW reference the caller releases
 * after the call (the wrapper's cleanup); compiled code that returns a
 * view of it keeps it alive through the view's base.
 */
int
pycomp_unbox_buffer(PyObject *obj, pycomp_array *out, int ndim)
{
    PyObject *view;
    if (PyMemoryView_Check(obj)) {
        view = PyArray_FromAny(obj, NULL, 0, 0, 0, NULL);
    } else if (PyBytes_Check(obj) || PyByteArray_Check(obj)) {
        view = PyArray_FromBuffer(obj, PyArray_DescrFromType(NPY_UINT8), -1, 0);
    } else {
        PyErr_Format(PyExc_TypeError, "expected bytes, bytearray or memoryview, got %.200s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (view == NULL)
        return -1;
    if (PyMemoryView_Check(obj)) {
        /* NumPy bases that view on a memoryview of its own; as in Numba,
         * the caller's memoryview is what views of the argument hold.  The
         * parent becomes an ndarray over the same items whose base keeps
         * both alive (NumPy's export pins the buffer even if the caller's
         * memoryview is released). */
        PyObject *both = PyTuple_Pack(2, view, obj);
        PyObject *holder = both ? pycomp_box_meminfo_owner(pycomp_meminfo_for_parent(both)) : NULL;
        Py_XDECREF(both);
        if (holder == NULL) {
            Py_DECREF(view);
            return -1;
        }
        PyArrayObject *v = (PyArrayObject *)view;
        PyArray_Descr *descr = PyArray_DESCR(v);
        Py_INCREF(descr);
        PyObject *parent = PyArray_NewFromDescr(&PyArray_Type, descr, PyArray_NDIM(v), PyArray_DIMS(v),
                                                PyArray_STRIDES(v), PyArray_DATA(v),
                                                PyArray_FLAGS(v) & NPY_ARRAY_WRITEABLE, NULL);
        Py_DECREF(view);
        if (parent == NULL) {
            Py_DECREF(holder);
            return -1;
        }
        if (PyArray_SetBaseObject((PyArrayObject *)parent, holder) < 0) {  /* steals holder */
            Py_DECREF(parent);
            return -1;
        }
        view = parent;
    }
    if (pycomp_unbox_array(view, out, ndim) < 0) {
        Py_DECREF(view);
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------------- */
/* Scalar unboxing                                                         */
/* ---------------------------------------------------------------------- */

/*
 * Anything with __index__ (int, bool, NumPy integer scalars) plus
 * numpy.bool_, which deliberately has no __index__.  Floats are rejected.
 */
int
pycomp_unbox_int64(PyObject *o, int64_t *out)
{
    if (PyLong_CheckExact(o)) {
        long long v = PyLong_AsLongLong(o);
        if (v == -1 && PyErr_Occurred())
            return -1;
        *out = (int64_t)v;
        return 0;
    }
    if (PyArray_IsScalar(o, Bool)) {
        *out = PyArrayScalar_VAL(o, Bool) ? 1 : 0;
        return 0;
    }
    PyObject *index = PyNumber_Index(o);
    if (index == NULL)
        return -1;
    long long v = PyLong_AsLongLong(index);
    Py_DECREF(index);
    if (v == -1 && PyErr_Occurred())
        return -1;
    *out = (int64_t)v;
    return 0;
}

/* As pycomp_unbox_int64(), for uint64; negative values raise OverflowError. */
int
pycomp_unbox_uint64(PyObject *o, uint64_t *out)
{
    if (PyArray_IsScalar(o, Bool)) {
        *out = PyArrayScalar_VAL(o, Bool) ? 1 : 0;
        return 0;
    }
    PyObject *index = PyNumber_Index(o);
    if (index == NULL)
        return -1;
    unsigned long long v = PyLong_AsUnsignedLongLong(index);
    Py_DECREF(index);
    if (v == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    *out = (uint64_t)v;
    return 0;
}

/*
 * PyFloat_AsDouble() semantics (float, int, anything with __float__ or
 * __index__), except that complex values are rejected instead of having
 * their imaginary part silently dropped.
 */
int
pycomp_unbox_float64(PyObject *o, double *out)
{
    if (PyFloat_CheckExact(o)) {
        *out = PyFloat_AS_DOUBLE(o);
        return 0;
    }
    if (PyComplex_Check(o) || PyArray_IsScalar(o, ComplexFloating)) {
        PyErr_Format(PyExc_TypeError, "can't convert %.200s to float64",
                     Py_TYPE(o)->tp_name);
        return -1;
    }
    double v = PyFloat_AsDouble(o);
    if (v == -1.0 && PyErr_Occurred())
        return -1;
    *out = v;
    return 0;
}

/* complex, anything with __complex__, __float__ or __index__. */
int
pycomp_unbox_complex128(PyObject *o, double *re, double *im)
{
    Py_complex c = PyComplex_AsCComplex(o);
    if (c.real == -1.0 && PyErr_Occurred())
        return -1;
    *re = c.real;
    *im = c.imag;
    return 0;
}

/* Truth value of any object (PyObject_IsTrue), stored as 0 or 1. */
int
pycomp_unbox_bool(PyObject *o, int8_t *out)
{
    int truth = PyObject_IsTrue(o);
    if (truth < 0)
        return -1;
    *out = (int8_t)truth;
    return 0;
}

/* ---------------------------------------------------------------------- */
/* Static exceptions                                                       */
/* ---------------------------------------------------------------------- */

/*
 * The Python-side list of (exception_class, args_tuple) pairs.  Compiled
 * code that raises an exception with constant arguments returns an index
 * into it.  We keep a strong reference to the list object itself, so that
 * entries appended later from Python are visible here.
 */
static PyObject *exception_table = NULL;

/* set_exception_table(lst): store `lst` (a list, or None to clear). */
static PyObject *
set_exception_table(PyObject *Py_UNUSED(module), PyObject *table)
{
    if (table == Py_None) {
        Py_CLEAR(exception_table);
        Py_RETURN_NONE;
    }
    if (!PyList_Check(table)) {
        PyErr_Format(PyExc_TypeError,
                     "exception table must be a list, not %.200s",
                     Py_TYPE(table)->tp_name);
        return NULL;
    }
    Py_INCREF(table);
    Py_XSETREF(exception_table, table);
    Py_RETURN_NONE;
}

/* get_exception_table(): the current table, or None. */
static PyObject *
get_exception_table(PyObject *Py_UNUSED(module), PyObject *Py_UNUSED(arg))
{
    PyObject *table = exception_table ? exception_table : Py_None;
    Py_INCREF(table);
    return table;
}

/* CPython's own helper that appends a synthetic frame (function, file,
 * line) to the traceback of the exception being raised; exported by every
 * supported CPython, declared in its internal headers only. */
extern void _PyTraceback_Add(const char *funcname, const char *filename, int lineno);

/* A source frame to add to a traceback: parsed from `where`, a
 * (function, file, line) tuple, before the exception is raised, so that a
 * malformed value never replaces the exception being raised. */
typedef struct { const char *function, *file; int line; } source_frame;

static int
parse_source_frame(PyObject *where, source_frame *out)
{
    if (where == Py_None || !PyTuple_Check(where) || PyTuple_GET_SIZE(where) != 3)
        return 0;
    PyObject *fn = PyTuple_GET_ITEM(where, 0), *file = PyTuple_GET_ITEM(where, 1);
    PyObject *line = PyTuple_GET_ITEM(where, 2);
    if (!PyUnicode_Check(fn) || !PyUnicode_Check(file) || !PyLong_Check(line))
        return 0;
    out->function = PyUnicode_AsUTF8(fn);
    out->file = PyUnicode_AsUTF8(file);
    out->line = (int)PyLong_AsLong(line);
    if (out->function == NULL || out->file == NULL || PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

/*
 * Run-time values of an exception being raised (``raise ValueError("n =", n)``
 * with a variable ``n``): the raising code stores them here, 8 bytes each,
 * just before it returns the exception's status; pycomp_raise_static()
 * hands them to the table entry's decoder, which rebuilds the arguments.
 * One slot per thread: nothing runs between the raise and the wrapper.
 */
#define PYCOMP_MAX_EXC_VALUES 16
static _Thread_local int64_t pending_values[PYCOMP_MAX_EXC_VALUES];
static _Thread_local int32_t pending_count;

void
pycomp_exc_set_values(const int64_t *values, int32_t n)
{
    if (n < 0)
        n = 0;
    if (n > PYCOMP_MAX_EXC_VALUES)
        n = PYCOMP_MAX_EXC_VALUES;
    memcpy(pending_values, values, (size_t)n * sizeof(int64_t));
    pending_count = n;
}

/*
 * Raise the exception described by exception_table[index]: the class is
 * called with *args and the resulting instance is raised, so that
 * exc.args == args exactly.  An entry with a fourth item (a decoder) was
 * raised with run-time values: decoder(bytes of the pending values) gives
 * the args instead.  A malformed table or index raises SystemError; an
 * exception from the constructor itself propagates.
 */
void
pycomp_raise_static(int32_t index)
{
    if (exception_table == NULL) {
        PyErr_Format(PyExc_SystemError,
                     "pycomp: compiled code raised static exception #%d, "
                     "but no exception table is set", (int)index);
        return;
    }
    Py_ssize_t size = PyList_GET_SIZE(exception_table);
    if (index < 0 || index >= size) {
        PyErr_Format(PyExc_SystemError,
                     "pycomp: static exception index %d out of range "
                     "(exception table has %zd entries)", (int)index, size);
        return;
    }

    /* Own the entry: calling the constructor may run arbitrary Python code
     * that mutates the table. */
    PyObject *entry = PyList_GET_ITEM(exception_table, index);
    Py_INCREF(entry);

    PyObject *cls, *args, *where = Py_None;
    if (!PyTuple_Check(entry)
        || PyTuple_GET_SIZE(entry) < 2 || PyTuple_GET_SIZE(entry) > 4
        || !PyExceptionClass_Check(cls = PyTuple_GET_ITEM(entry, 0))
        || !PyTuple_Check(args = PyTuple_GET_ITEM(entry, 1))) {
        PyErr_Format(PyExc_SystemError,
                     "pycomp: static exception table entry %d is not an "
                     "(exception class, args tuple[, where]) tuple: %R", (int)index, entry);
        Py_DECREF(entry);
        return;
    }
    if (PyTuple_GET_SIZE(entry) >= 3)
        where = PyTuple_GET_ITEM(entry, 2);
    PyObject *decoded = NULL;
    if (PyTuple_GET_SIZE(entry) == 4 && PyTuple_GET_ITEM(entry, 3) != Py_None) {
        PyObject *raw = PyBytes_FromStringAndSize((const char *)pending_values,
                                                  (Py_ssize_t)pending_count * (Py_ssize_t)sizeof(int64_t));
        if (raw == NULL) {
            Py_DECREF(entry);
            return;
        }
        decoded = PyObject_CallOneArg(PyTuple_GET_ITEM(entry, 3), raw);
        Py_DECREF(raw);
        if (decoded == NULL) {
            Py_DECREF(entry);
            return;
        }
        if (!PyTuple_Check(decoded)) {
            PyErr_Format(PyExc_SystemError, "pycomp: exception decoder of entry %d returned %R",
                         (int)index, decoded);
            Py_DECREF(decoded);
            Py_DECREF(entry);
            return;
        }
        args = decoded;
    }
    /* the strings live in `where`, which `entry` keeps alive until the end */
    source_frame frame;
    int has_frame = parse_source_frame(where, &frame);

    PyObject *exc = PyObject_Call(cls, args, NULL);
    Py_XDECREF(decoded);
    if (exc != NULL) {
        if (PyExceptionInstance_Check(exc)) {
            PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
            if (has_frame)
                _PyTraceback_Add(frame.function, frame.file, frame.line);
        }
        else {
            PyErr_Format(PyExc_SystemError,
                         "pycomp: calling %R for static exception %d "
                         "returned a non-exception %.200s",
                         cls, (int)index, Py_TYPE(exc)->tp_name);
        }
        Py_DECREF(exc);
    }
    Py_DECREF(entry);
}

/* ---------------------------------------------------------------------- */
/* GIL helpers (nogil=True)                                                */
/* ---------------------------------------------------------------------- */

/* Release the GIL; the returned thread state goes to pycomp_acquire_gil(). */
void *
pycomp_release_gil(void)
{
    return (void *)PyEval_SaveThread();
}

/* Re-acquire the GIL released by pycomp_release_gil(). */
void
pycomp_acquire_gil(void *state)
{
    PyEval_RestoreThread((PyThreadState *)state);
}

/* ---------------------------------------------------------------------- */
/* make_function                                                           */
/* ---------------------------------------------------------------------- */

/*
 * A FunctionOwner is the `self` of every function built by make_function().
 * It owns the PyMethodDef the builtin function points to, the name and doc
 * strings that def points into, and `keepalive` (typically the JIT engine
 * owning the machine code).  The function object holds the only reference
 * to it, so everything is released when the function dies.
 */
typedef struct {
    PyObject_HEAD
    PyMethodDef def;
    PyObject *name;       /* str; def.ml_name is its cached UTF-8 */
    PyObject *doc;        /* str or None; def.ml_doc is its cached UTF-8 */
    PyObject *keepalive;  /* any object */
    PyObject *address;    /* int, the wrapper's address (for introspection) */
} FunctionOwner;

static int
owner_traverse(FunctionOwner *self, visitproc visit, void *arg)
{
    Py_VISIT(self->keepalive);
    return 0;
}

static int
owner_clear(FunctionOwner *self)
{
    Py_CLEAR(self->keepalive);
    return 0;
}

static void
owner_dealloc(FunctionOwner *self)
{
    PyObject_GC_UnTrack(self);
    Py_CLEAR(self->keepalive);
    Py_CLEAR(self->name);
    Py_CLEAR(self->doc);
    Py_CLEAR(self->address);
    PyObject_GC_Del(self);
}

static PyMemberDef owner_members[] = {
    {"name", T_OBJECT, offsetof(FunctionOwner, name), READONLY,
     "The function's name."},
    {"doc", T_OBJECT, offsetof(FunctionOwner, doc), READONLY,
     "The function's docstring, or None."},
    {"keepalive", T_OBJECT, offsetof(FunctionOwner, keepalive), READONLY,
     "The object kept alive as long as the function (None once cleared)."},
    {"address", T_OBJECT, offsetof(FunctionOwner, address), READONLY,
     "Address of the METH_FASTCALL wrapper."},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject FunctionOwner_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pycomp._helperlib.FunctionOwner",
    .tp_doc = PyDoc_STR("Owns the state of a function built by make_function()."),
    .tp_basicsize = sizeof(FunctionOwner),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_dealloc = (destructor)owner_dealloc,
    .tp_traverse = (traverseproc)owner_traverse,
    .tp_clear = (inquiry)owner_clear,
    .tp_members = owner_members,
};

/*
 * make_function(address, name, doc, keepalive[, module]) -> builtin function
 *
 * `address` is the address of a METH_FASTCALL wrapper.  Its `self` argument
 * will be the FunctionOwner (available as fn.__self__).
 */
static PyObject *
make_function(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"address", "name", "doc", "keepalive", "module", NULL};
    PyObject *address, *name, *doc, *keepalive, *module = NULL;

    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!UOO|O:make_function", kwlist,
                                     &PyLong_Type, &address, &name, &doc,
                                     &keepalive, &module))
        return NULL;
    if (doc != Py_None && !PyUnicode_Check(doc)) {
        PyErr_Format(PyExc_TypeError,
                     "make_function() doc must be str or None, not %.200s",
                     Py_TYPE(doc)->tp_name);
        return NULL;
    }
    void *addr = PyLong_AsVoidPtr(address);
    if (addr == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError,
                            "make_function() address must not be 0");
        return NULL;
    }
    /* UTF-8 buffers cached inside the str objects, which the owner keeps. */
    const char *name_utf8 = PyUnicode_AsUTF8(name);
    if (name_utf8 == NULL)
        return NULL;
    const char *doc_utf8 = NULL;
    if (doc != Py_None && (doc_utf8 = PyUnicode_AsUTF8(doc)) == NULL)
        return NULL;

    FunctionOwner *owner = PyObject_GC_New(FunctionOwner, &FunctionOwner_Type);
    if (owner == NULL)
        return NULL;
    owner->def.ml_name = name_utf8;
    /* Integer -> function pointer: a plain object-to-function pointer cast
     * is not ISO C. */
    owner->def.ml_meth = (PyCFunction)(void (*)(void))(uintptr_t)addr;
    owner->def.ml_flags = METH_FASTCALL;
    owner->def.ml_doc = doc_utf8;
    Py_INCREF(name);
    owner->name = name;
    Py_INCREF(doc);
    owner->doc = doc;
    Py_INCREF(keepalive);
    owner->keepalive = keepalive;
    Py_INCREF(address);
    owner->address = address;
    PyObject_GC_Track(owner);

    /* module: what the function's __module__ reports (the jitted function's) */
    PyObject *func = PyCFunction_NewEx(&owner->def, (PyObject *)owner,
                                       module == Py_None ? NULL : module);
    Py_DECREF(owner);  /* the function holds the only reference now */
    return func;
}

/* ---------------------------------------------------------------------- */
/* Module                                                                  */
/* ---------------------------------------------------------------------- */

PyDoc_STRVAR(set_exception_table_doc,
"set_exception_table(lst)\n--\n\n"
"Use the list `lst` of (exception_class, args_tuple) pairs for static\n"
"exceptions raised by compiled code.  The list object itself is kept, so\n"
"later appends are seen.  None clears the table.");

PyDoc_STRVAR(get_exception_table_doc,
"get_exception_table()\n--\n\n"
"Return the list set by set_exception_table(), or None.");

PyDoc_STRVAR(make_function_doc,
"make_function(address, name, doc, keepalive, module=None)\n--\n\n"
"Return a builtin function calling the METH_FASTCALL wrapper at `address`.\n"
"`name` becomes __name__, `doc` (str or None) __doc__; `keepalive` is kept\n"
"alive as long as the function.  The wrapper's `self` is a FunctionOwner,\n"
"available as the function's __self__.");

static PyMethodDef helperlib_methods[] = {
    {"set_exception_table", (PyCFunction)set_exception_table, METH_O,
     set_exception_table_doc},
    {"get_exception_table", (PyCFunction)get_exception_table, METH_NOARGS,
     get_exception_table_doc},
    {"make_function", (PyCFunction)(void (*)(void))make_function,
     METH_VARARGS | METH_KEYWORDS, make_function_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef helperlib_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "pycomp._helperlib",
    .m_doc = "C helpers called by pycomp's JIT-compiled CPython wrappers.",
    .m_size = -1,  /* global state (the exception table): single-phase init */
    .m_methods = helperlib_methods,
};

/* The numeric helpers (complex power, gcd, cmath) are in numeric_helpers.c. */

static const struct { const char *name; void (*fn)(double, double, double *); } cmath_helpers[] = {
    {"pycomp_cmath_sqrt", pycomp_cmath_sqrt}, {"pycomp_cmath_exp", pycomp_cmath_exp},
    {"pycomp_cmath_log", pycomp_cmath_log}, {"pycomp_cmath_log10", pycomp_cmath_log10},
    {"pycomp_cmath_sin", pycomp_cmath_sin}, {"pycomp_cmath_cos", pycomp_cmath_cos},
    {"pycomp_cmath_tan", pycomp_cmath_tan}, {"pycomp_cmath_asin", pycomp_cmath_asin},
    {"pycomp_cmath_acos", pycomp_cmath_acos}, {"pycomp_cmath_atan", pycomp_cmath_atan},
    {"pycomp_cmath_sinh", pycomp_cmath_sinh}, {"pycomp_cmath_cosh", pycomp_cmath_cosh},
    {"pycomp_cmath_tanh", pycomp_cmath_tanh}, {"pycomp_cmath_asinh", pycomp_cmath_asinh},
    {"pycomp_cmath_acosh", pycomp_cmath_acosh}, {"pycomp_cmath_atanh", pycomp_cmath_atanh},
    {"pycomp_cmath_rect", pycomp_cmath_rect},
};

/* Add name -> address of a C helper to the dict `d`. */
static int
add_helper(PyObject *d, const char *name, void (*fn)(void))
{
    PyObject *addr = PyLong_FromVoidPtr((void *)(uintptr_t)fn);
    if (addr == NULL)
        return -1;
    int rc = PyDict_SetItemString(d, name, addr);
    Py_DECREF(addr);
    return rc;
}

#define ADD_HELPER(d, fn) add_helper((d), #fn, (void (*)(void))(fn))

static PyObject *
build_c_helpers(void)
{
    PyObject *d = PyDict_New();
    if (d == NULL)
        return NULL;
    if (ADD_HELPER(d, pycomp_unbox_array) < 0
        || ADD_HELPER(d, pycomp_raise_static) < 0
        || ADD_HELPER(d, pycomp_exc_set_values) < 0
        || ADD_HELPER(d, pycomp_release_gil) < 0
        || ADD_HELPER(d, pycomp_acquire_gil) < 0
        || ADD_HELPER(d, pycomp_unbox_int64) < 0
        || ADD_HELPER(d, pycomp_unbox_uint64) < 0
        || ADD_HELPER(d, pycomp_unbox_float64) < 0
        || ADD_HELPER(d, pycomp_unbox_complex128) < 0
        || ADD_HELPER(d, pycomp_unbox_bool) < 0
        || ADD_HELPER(d, pycomp_complex_pow) < 0
        || ADD_HELPER(d, pycomp_numpy_cpow) < 0
        || ADD_HELPER(d, pycomp_numpy_cpowf) < 0
        || ADD_HELPER(d, pycomp_gcd) < 0
        || ADD_HELPER(d, pycomp_nrt_allocate) < 0
        || ADD_HELPER(d, pycomp_nrt_allocate_dtor) < 0
        || ADD_HELPER(d, pycomp_nrt_meminfo_new) < 0
        || ADD_HELPER(d, pycomp_nrt_incref) < 0
        || ADD_HELPER(d, pycomp_nrt_decref) < 0
        || ADD_HELPER(d, pycomp_box_array) < 0
        || ADD_HELPER(d, pycomp_box_array_descr) < 0
        || ADD_HELPER(d, pycomp_readonly_result) < 0
        || ADD_HELPER(d, pycomp_box_record) < 0
        || ADD_HELPER(d, pycomp_meminfo_for_parent) < 0
        || ADD_HELPER(d, pycomp_unbox_record) < 0
        || ADD_HELPER(d, pycomp_box_charseq) < 0
        || ADD_HELPER(d, pycomp_box_unicharseq) < 0
        || ADD_HELPER(d, pycomp_unbox_charseq) < 0
        || ADD_HELPER(d, pycomp_unbox_unicharseq) < 0
        || ADD_HELPER(d, pycomp_unbox_datetime) < 0
        || ADD_HELPER(d, pycomp_box_datetime) < 0
        || ADD_HELPER(d, pycomp_unbox_buffer) < 0
        || ADD_HELPER(d, pycomp_unbox_str) < 0
        || ADD_HELPER(d, pycomp_box_str) < 0
        || ADD_HELPER(d, pycomp_str_compare) < 0
        || ADD_HELPER(d, pycomp_str_equal) < 0
        || ADD_HELPER(d, pycomp_str_copy) < 0
        || ADD_HELPER(d, pycomp_str_read) < 0
        || ADD_HELPER(d, pycomp_box_meminfo_owner) < 0) {
        Py_DECREF(d);
        return NULL;
    }
    for (size_t k = 0; k < sizeof(cmath_helpers) / sizeof(cmath_helpers[0]); k++) {
        if (add_helper(d, cmath_helpers[k].name, (void (*)(void))cmath_helpers[k].fn) < 0) {
            Py_DECREF(d);
            return NULL;
        }
    }
    return d;
}

PyMODINIT_FUNC
PyInit__helperlib(void)
{
    import_array();
    pycomp_nrt_init();

    if (PyType_Ready(&FunctionOwner_Type) < 0)
        return NULL;

    PyObject *m = PyModule_Create(&helperlib_module);
    if (m == NULL)
        return NULL;
#ifdef Py_GIL_DISABLED
    PyUnstable_Module_SetGIL(m, Py_MOD_GIL_USED);
#endif

    PyObject *helpers = build_c_helpers();
    if (helpers == NULL
        || PyModule_AddObjectRef(m, "c_helpers", helpers) < 0
        || PyModule_AddObjectRef(m, "FunctionOwner",
                                 (PyObject *)&FunctionOwner_Type) < 0
        || pycomp_nrt_add_to_module(m) < 0
        || pycomp_random_add_to_module(m) < 0) {
        Py_XDECREF(helpers);
        Py_DECREF(m);
        return NULL;
    }
    Py_DECREF(helpers);
    return m;
}
