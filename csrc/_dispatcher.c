/*
 * pycomp._dispatcher: the C fast path of a jitted function's call.
 *
 * DispatcherBase is the C base class of pycomp.dispatcher.Dispatcher. Its
 * tp_call computes a *type key* for the positional arguments without
 * touching pycomp's Python type objects:
 *
 *   - exact int (when it fits in int64), float, complex and bool, and the
 *     NumPy scalar types registered with set_scalar_codes(), get a small
 *     integer code;
 *   - a NumPy array in native byte order gets a code built from its type
 *     number, ndim (< 32), layout (C, F or A, as pycomp.typeof decides) and
 *     writability;
 *
 *   - a tuple of up to three such scalars gets a code built from theirs;
 *
 * and packs the codes of up to eight arguments into a bytes key. That key
 * is looked up in the dict `_fast_entries`; a hit calls the compiled entry
 * directly with vectorcall. The dispatcher itself is called through
 * vectorcall too (DispatcherBase_vectorcall), so a positional call builds
 * no argument tuple. Anything else (keywords, more than eight
 * arguments, other objects, a miss) goes to the Python method
 * `_slow_call(*args, **kwargs)`, which types the arguments, compiles if
 * needed, and records the entry under `type_key(args)` for next time.
 *
 * The key is a function of the pycomp type typeof() gives each argument,
 * so a cached entry is only ever reused for the same argument types.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <stdint.h>

#define NPY_NO_DEPRECATED_API NPY_2_0_API_VERSION
#include <numpy/arrayobject.h>

#define MAX_FAST_ARGS 8

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;  /* DispatcherBase_vectorcall: calls skip the argument tuple */
    PyObject *fast_entries;  /* dict: type key (bytes) -> entry callable */
    PyObject *weakreflist;
    PyObject *param_names;   /* tuple of str, or NULL: keyword calls take the slow path */
    PyObject *defaults;      /* tuple: defaults of the last parameters, or NULL */
    uint32_t fold_defaults;  /* bit i: a default left out for parameter i is a constant of the code */
} DispatcherBase;

static PyObject *scalar_codes = NULL;  /* dict: type -> int code */
static PyTypeObject DispatcherBaseType;

enum { CODE_INT = 1, CODE_FLOAT = 2, CODE_COMPLEX = 3, CODE_BOOL = 4, CODE_ARRAY_BASE = 64,
       CODE_DTYPE_ARRAY_BASE = 8192, MAX_DTYPE_CODES = 5000, CODE_TUPLE_BASE = 1 << 20 };

/* dict: a record or datetime dtype -> its number (0, 1, ... in the order
 * first met): arrays of these share a type number, so the dtype itself
 * (equal dtypes: the same fields and offsets, the same unit) keys them. */
static PyObject *dtype_codes = NULL;

static int
dtype_number(PyArray_Descr *d)
{
    if (dtype_codes == NULL && (dtype_codes = PyDict_New()) == NULL)
        return -1;
    PyObject *k = PyDict_GetItemWithError(dtype_codes, (PyObject *)d);
    if (k != NULL)
        return (int)PyLong_AsLong(k);
    if (PyErr_Occurred() || PyDict_GET_SIZE(dtype_codes) >= MAX_DTYPE_CODES) {
        PyErr_Clear();
        return -1;
    }
    PyObject *n = PyLong_FromSsize_t(PyDict_GET_SIZE(dtype_codes));
    if (n == NULL || PyDict_SetItem(dtype_codes, (PyObject *)d, n) < 0) {
        Py_XDECREF(n);
        PyErr_Clear();
        return -1;
    }
    Py_DECREF(n);
    return (int)PyDict_GET_SIZE(dtype_codes) - 1;
}

static int arg_code(PyObject *o);

/* A tuple of up to 3 scalars (codes 1..63): 6 bits per item plus length. */
static int
tuple_code(PyObject *o)
{
    Py_ssize_t n = PyTuple_GET_SIZE(o);
    if (n > 3)
        return -1;
    int code = CODE_TUPLE_BASE | (int)(n << 18);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyTuple_GET_ITEM(o, i);
        if (PyTuple_Check(item))
            return -1;
        int c = arg_code(item);
        if (c < 0 || c >= CODE_ARRAY_BASE)
            return -1;
        code |= c << (6 * i);
    }
    return code;
}

/* The code of one argument, or -1 if it has no fast code. */
static int
arg_code(PyObject *o)
{
    PyTypeObject *t = Py_TYPE(o);
    if (t == &PyFloat_Type)
        return CODE_FLOAT;
    if (t == &PyLong_Type) {
        int overflow = 0;
        (void)PyLong_AsLongLongAndOverflow(o, &overflow);
        return overflow ? -1 : CODE_INT;
    }
    if (t == &PyBool_Type)
        return CODE_BOOL;
    if (t == &PyComplex_Type)
        return CODE_COMPLEX;
    if (t == &PyTuple_Type)
        return tuple_code(o);
    if (PyArray_Check(o)) {
        PyArrayObject *a = (PyArrayObject *)o;
        PyArray_Descr *d = PyArray_DESCR(a);
        int ndim = PyArray_NDIM(a);
        int num = d->type_num;
        if (ndim >= 32 || num >= 24 || PyArray_ISBYTESWAPPED(a) || t != &PyArray_Type)
            return -1;
        int flags = PyArray_FLAGS(a);
        int layout = (flags & NPY_ARRAY_C_CONTIGUOUS) ? 0 : (flags & NPY_ARRAY_F_CONTIGUOUS) ? 1 : 2;
        int readonly = (flags & NPY_ARRAY_WRITEABLE) ? 0 : 1;
        /* the type number says all but for records (their fields),
         * datetimes (their unit) and strings (their size): those are keyed
         * by their dtype */
        if (num == NPY_VOID || num == NPY_DATETIME || num == NPY_TIMEDELTA || num == NPY_STRING
                || num == NPY_UNICODE) {
            int k = dtype_number(d);
            if (k < 0)
                return -1;
            return CODE_DTYPE_ARRAY_BASE + ((k * 32 + ndim) * 3 + layout) * 2 + readonly;
        }
        /* 24 type numbers x 32 ndims x 3 layouts x 2 = 4608 codes */
        return CODE_ARRAY_BASE + ((num * 32 + ndim) * 3 + layout) * 2 + readonly;
    }
    if (scalar_codes != NULL) {
        PyObject *c = PyDict_GetItemWithError(scalar_codes, (PyObject *)t);
        if (c != NULL)
            return (int)PyLong_AsLong(c);
        if (PyErr_Occurred())
            PyErr_Clear();
    }
    return -1;
}

/* The bytes key of args[0..n): one 32-bit code each; NULL (no error set)
 * if an argument has no fast code. */
/* Code of a parameter left to its default: the specialization folds the
 * default in as a constant, so the key must not match an explicit value. */
#define CODE_OMITTED 5

/* omitted: bit i set when argument i is a parameter's default, not given */
static PyObject *
make_key(PyObject *const *args, Py_ssize_t n, uint32_t omitted)
{
    uint32_t codes[MAX_FAST_ARGS];
    for (Py_ssize_t i = 0; i < n; i++) {
        if (omitted & (1u << i)) {
            codes[i] = CODE_OMITTED;
            continue;
        }
        int c = arg_code(args[i]);
        if (c < 0)
            return NULL;
        codes[i] = (uint32_t)c;
    }
    return PyBytes_FromStringAndSize((const char *)codes, n * (Py_ssize_t)sizeof(uint32_t));
}

/*
 * Traceback cleaning. A compile error or an exception of compiled code that
 * passes through the dispatcher's Python slow path would show pycomp's own
 * frames above the user's. The Python function set by
 * set_traceback_cleaner(fn) gets (exception, traceback) and returns the
 * traceback to keep (pycomp.dispatcher drops pycomp's frames unless
 * PYCOMP_DEV=1); re-raising from C adds no frame of its own.
 */
static PyObject *traceback_cleaner = NULL;

static void
clean_current_error(void)
{
    if (traceback_cleaner == NULL || !PyErr_Occurred())
        return;
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (value == NULL) {
        PyErr_Restore(type, value, tb);
        return;
    }
    PyObject *kept = PyObject_CallFunctionObjArgs(traceback_cleaner, value,
                                                  tb ? tb : Py_None, NULL);
    if (kept == NULL) {  /* a failing cleaner never hides the real error */
        PyErr_Clear();
        PyErr_Restore(type, value, tb);
        return;
    }
    Py_XDECREF(tb);
    if (kept == Py_None) {
        Py_DECREF(kept);
        kept = NULL;
    }
    PyException_SetTraceback(value, kept ? kept : Py_None);
    PyErr_Restore(type, value, kept);
}

static PyObject *
set_traceback_cleaner(PyObject *Py_UNUSED(module), PyObject *fn)
{
    if (fn != Py_None && !PyCallable_Check(fn)) {
        PyErr_SetString(PyExc_TypeError, "set_traceback_cleaner() expects a callable or None");
        return NULL;
    }
    Py_XSETREF(traceback_cleaner, fn == Py_None ? NULL : Py_NewRef(fn));
    Py_RETURN_NONE;
}

static PyObject *
slow_call(PyObject *self, PyObject *args, PyObject *kwargs)
{
    PyObject *meth = PyObject_GetAttrString(self, "_slow_call");
    if (meth == NULL)
        return NULL;
    PyObject *res = PyObject_Call(meth, args, kwargs);
    Py_DECREF(meth);
    if (res == NULL)
        clean_current_error();
    return res;
}

/*
 * CleanErrors(func): calls func; an exception leaves with its traceback
 * cleaned as above. jit() wraps its decorator in it, so an error of an
 * eager signature (@jit("f8(f8)")) shows the user's line, not the compiler.
 */
typedef struct {
    PyObject_HEAD
    PyObject *func;
} CleanErrors;

static PyObject *
CleanErrors_call(PyObject *op, PyObject *args, PyObject *kwargs)
{
    PyObject *res = PyObject_Call(((CleanErrors *)op)->func, args, kwargs);
    if (res == NULL)
        clean_current_error();
    return res;
}

static int
CleanErrors_init(PyObject *op, PyObject *args, PyObject *kwargs)
{
    PyObject *func;
    if (!PyArg_ParseTuple(args, "O:CleanErrors", &func))
        return -1;
    Py_XSETREF(((CleanErrors *)op)->func, Py_NewRef(func));
    return 0;
}

static int
CleanErrors_traverse(PyObject *op, visitproc visit, void *arg)
{
    Py_VISIT(((CleanErrors *)op)->func);
    return 0;
}

static int
CleanErrors_clear(PyObject *op)
{
    Py_CLEAR(((CleanErrors *)op)->func);
    return 0;
}

static void
CleanErrors_dealloc(PyObject *op)
{
    PyObject_GC_UnTrack(op);
    CleanErrors_clear(op);
    Py_TYPE(op)->tp_free(op);
}

static PyMemberDef CleanErrors_members[] = {
    {"__wrapped__", T_OBJECT, offsetof(CleanErrors, func), READONLY, "the wrapped callable"},
    {NULL},
};

static PyTypeObject CleanErrorsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pycomp._dispatcher.CleanErrors",
    .tp_basicsize = sizeof(CleanErrors),
    .tp_doc = "CleanErrors(func): call func; pycomp's frames are dropped from an error's traceback.",
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_call = CleanErrors_call,
    .tp_init = CleanErrors_init,
    .tp_new = PyType_GenericNew,
    .tp_traverse = CleanErrors_traverse,
    .tp_clear = CleanErrors_clear,
    .tp_dealloc = CleanErrors_dealloc,
    .tp_members = CleanErrors_members,
};

/*
 * Bind a call with keywords (or left-out defaults) to the parameters, as
 * Python would, into `out` (borrowed references). Returns the number of
 * parameters, or -1 when the call is not a plain one this can bind (an
 * unknown or repeated keyword, a missing argument, too many arguments):
 * the slow path then raises Python's own error.
 */
static Py_ssize_t
bind_arguments(DispatcherBase *self, PyObject *args, PyObject *kwargs, PyObject **out, uint32_t *omitted)
{
    if (self->param_names == NULL)
        return -1;
    Py_ssize_t np = PyTuple_GET_SIZE(self->param_names);
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    Py_ssize_t nd = self->defaults ? PyTuple_GET_SIZE(self->defaults) : 0;
    Py_ssize_t nkw = kwargs ? PyDict_GET_SIZE(kwargs) : 0;
    if (n > np || np > MAX_FAST_ARGS)
        return -1;
    Py_ssize_t used = 0;
    for (Py_ssize_t i = 0; i < np; i++) {
        if (i < n) {
            out[i] = PyTuple_GET_ITEM(args, i);
            continue;
        }
        PyObject *v = nkw ? PyDict_GetItemWithError(kwargs, PyTuple_GET_ITEM(self->param_names, i)) : NULL;
        if (v != NULL) {
            out[i] = v;
            used++;
        }
        else if (PyErr_Occurred()) {
            PyErr_Clear();
            return -1;
        }
        else if (i >= np - nd) {
            out[i] = PyTuple_GET_ITEM(self->defaults, i - (np - nd));
            *omitted |= self->fold_defaults & (1u << i);
        }
        else {
            return -1;
        }
    }
    return used == nkw ? np : -1;
}

static PyObject *
DispatcherBase_call(PyObject *op, PyObject *args, PyObject *kwargs)
{
    DispatcherBase *self = (DispatcherBase *)op;
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    PyObject *bound[MAX_FAST_ARGS];
    PyObject *const *items = &PyTuple_GET_ITEM(args, 0);
    uint32_t omitted = 0;
    if (self->fast_entries == NULL)
        return slow_call(op, args, kwargs);
    if ((kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0)
        || (self->param_names != NULL && n < PyTuple_GET_SIZE(self->param_names))) {
        n = bind_arguments(self, args, kwargs, bound, &omitted);
        if (n < 0)
            return slow_call(op, args, kwargs);
        items = bound;
    }
    else if (n > MAX_FAST_ARGS)
        return slow_call(op, args, kwargs);
    PyObject *pykey = make_key(items, n, omitted);
    if (pykey == NULL) {
        if (PyErr_Occurred())
            return NULL;
        return slow_call(op, args, kwargs);
    }
    PyObject *entry = PyDict_GetItemWithError(self->fast_entries, pykey);
    Py_DECREF(pykey);
    if (entry == NULL) {
        if (PyErr_Occurred())
            return NULL;
        return slow_call(op, args, kwargs);
    }
    return PyObject_Vectorcall(entry, items, (size_t)n, NULL);
}

/*
 * The vectorcall protocol: a call with positional arguments only, none left
 * to a default, looks its entry up straight from the caller's argument
 * array (no tuple is built). Anything else builds the tuple and keyword dict
 * tp_call takes.
 */
static PyObject *
DispatcherBase_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    DispatcherBase *self = (DispatcherBase *)op;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nkw == 0 && self->fast_entries != NULL && n <= MAX_FAST_ARGS
        && (self->param_names == NULL || n >= PyTuple_GET_SIZE(self->param_names))) {
        PyObject *key = make_key(args, n, 0);
        if (key != NULL) {
            PyObject *entry = PyDict_GetItemWithError(self->fast_entries, key);
            Py_DECREF(key);
            if (entry != NULL)
                return PyObject_Vectorcall(entry, args, (size_t)n, NULL);
        }
        if (PyErr_Occurred())
            return NULL;
    }
    PyObject *tuple = PyTuple_New(n);
    if (tuple == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++)
        PyTuple_SET_ITEM(tuple, i, Py_NewRef(args[i]));
    PyObject *kwargs = NULL;
    if (nkw) {
        kwargs = PyDict_New();
        for (Py_ssize_t i = 0; kwargs != NULL && i < nkw; i++) {
            if (PyDict_SetItem(kwargs, PyTuple_GET_ITEM(kwnames, i), args[n + i]) < 0)
                Py_CLEAR(kwargs);
        }
        if (kwargs == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
    }
    PyObject *res = DispatcherBase_call(op, tuple, kwargs);
    Py_DECREF(tuple);
    Py_XDECREF(kwargs);
    return res;
}

static PyObject *
DispatcherBase_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *op = PyType_GenericNew(type, args, kwargs);
    if (op != NULL)
        ((DispatcherBase *)op)->vectorcall = DispatcherBase_vectorcall;
    return op;
}

/* _enable_vectorcall(cls): let a Python subclass of DispatcherBase keep the
 * vectorcall protocol (CPython 3.12+ passes it on to subclasses that do not
 * define __call__; 3.11 does not pass it to classes defined in Python). */
static PyObject *
enable_vectorcall(PyObject *module, PyObject *cls)
{
    if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, &DispatcherBaseType)) {
        PyErr_SetString(PyExc_TypeError, "_enable_vectorcall() expects a subclass of DispatcherBase");
        return NULL;
    }
    PyTypeObject *t = (PyTypeObject *)cls;
    if (t->tp_call == DispatcherBase_call && t->tp_vectorcall_offset == offsetof(DispatcherBase, vectorcall))
        t->tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL;
    return PyBool_FromLong((t->tp_flags & Py_TPFLAGS_HAVE_VECTORCALL) != 0);
}

static int
DispatcherBase_init(PyObject *op, PyObject *args, PyObject *kwargs)
{
    DispatcherBase *self = (DispatcherBase *)op;
    if (self->fast_entries == NULL) {
        self->fast_entries = PyDict_New();
        if (self->fast_entries == NULL)
            return -1;
    }
    return 0;
}

/* _set_parameters(names, defaults, fold=0): enable the keyword fast path
 * (names a tuple of str, defaults a tuple or None); names None disables it.
 * Bit i of fold: parameter i's default, when left out, is compiled in as a
 * constant, so such calls get keys of their own (CODE_OMITTED). */
static PyObject *
DispatcherBase_set_parameters(PyObject *op, PyObject *args)
{
    DispatcherBase *self = (DispatcherBase *)op;
    PyObject *names, *defaults;
    unsigned long fold = 0;
    if (!PyArg_ParseTuple(args, "OO|k:_set_parameters", &names, &defaults, &fold))
        return NULL;
    self->fold_defaults = (uint32_t)fold;
    if ((names != Py_None && !PyTuple_Check(names)) || (defaults != Py_None && !PyTuple_Check(defaults))) {
        PyErr_SetString(PyExc_TypeError, "_set_parameters(names, defaults) takes tuples or None");
        return NULL;
    }
    if (names != Py_None && defaults != Py_None && PyTuple_GET_SIZE(defaults) > PyTuple_GET_SIZE(names)) {
        PyErr_SetString(PyExc_ValueError, "more defaults than parameters");
        return NULL;
    }
    Py_XSETREF(self->param_names, names == Py_None ? NULL : Py_NewRef(names));
    Py_XSETREF(self->defaults, defaults == Py_None ? NULL : Py_NewRef(defaults));
    Py_RETURN_NONE;
}

static PyMethodDef DispatcherBase_methods[] = {
    {"_set_parameters", DispatcherBase_set_parameters, METH_VARARGS,
     "Parameter names and defaults, for binding keyword calls in C."},
    {NULL, NULL, 0, NULL},
};

static int
DispatcherBase_traverse(PyObject *op, visitproc visit, void *arg)
{
    Py_VISIT(((DispatcherBase *)op)->fast_entries);
    Py_VISIT(((DispatcherBase *)op)->param_names);
    Py_VISIT(((DispatcherBase *)op)->defaults);
    Py_VISIT(Py_TYPE(op));
    return 0;
}

static int
DispatcherBase_clear(PyObject *op)
{
    Py_CLEAR(((DispatcherBase *)op)->fast_entries);
    Py_CLEAR(((DispatcherBase *)op)->param_names);
    Py_CLEAR(((DispatcherBase *)op)->defaults);
    return 0;
}

static void
DispatcherBase_dealloc(PyObject *op)
{
    PyTypeObject *tp = Py_TYPE(op);
    PyObject_GC_UnTrack(op);
    if (((DispatcherBase *)op)->weakreflist != NULL)
        PyObject_ClearWeakRefs(op);
    DispatcherBase_clear(op);
    tp->tp_free(op);
}

static PyMemberDef DispatcherBase_members[] = {
    {"_fast_entries", T_OBJECT, offsetof(DispatcherBase, fast_entries), READONLY,
     "argument type key (bytes) -> compiled entry"},
    {NULL},
};

static PyTypeObject DispatcherBaseType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pycomp._dispatcher.DispatcherBase",
    .tp_basicsize = sizeof(DispatcherBase),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "C fast path of a jitted function's call (see the module doc).",
    .tp_call = DispatcherBase_call,
    .tp_vectorcall_offset = offsetof(DispatcherBase, vectorcall),
    .tp_init = DispatcherBase_init,
    .tp_new = DispatcherBase_new,
    .tp_traverse = DispatcherBase_traverse,
    .tp_clear = DispatcherBase_clear,
    .tp_dealloc = DispatcherBase_dealloc,
    .tp_members = DispatcherBase_members,
    .tp_methods = DispatcherBase_methods,
    .tp_weaklistoffset = offsetof(DispatcherBase, weakreflist),
};

/* type_key(args, omitted=0) -> bytes or None: the key DispatcherBase uses
 * for args; bit i of omitted marks argument i as a parameter's default. */
static PyObject *
type_key(PyObject *module, PyObject *const *fargs, Py_ssize_t nargs)
{
    unsigned long omitted = 0;
    if (nargs < 1 || nargs > 2 || !PyTuple_Check(fargs[0])) {
        PyErr_SetString(PyExc_TypeError, "type_key(args: tuple, omitted: int = 0)");
        return NULL;
    }
    if (nargs == 2) {
        omitted = PyLong_AsUnsignedLong(fargs[1]);
        if (omitted == (unsigned long)-1 && PyErr_Occurred())
            return NULL;
    }
    PyObject *args = fargs[0];
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    if (n > MAX_FAST_ARGS)
        Py_RETURN_NONE;
    PyObject *key = make_key(&PyTuple_GET_ITEM(args, 0), n, (uint32_t)omitted);
    if (key == NULL && !PyErr_Occurred())
        Py_RETURN_NONE;
    return key;
}

/* set_scalar_codes(dict): NumPy scalar type -> code (16 <= code < 64). */
static PyObject *
set_scalar_codes(PyObject *module, PyObject *d)
{
    if (!PyDict_Check(d)) {
        PyErr_SetString(PyExc_TypeError, "set_scalar_codes() expects a dict");
        return NULL;
    }
    Py_INCREF(d);
    Py_XSETREF(scalar_codes, d);
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"type_key", (PyCFunction)(void (*)(void))type_key, METH_FASTCALL,
     "type_key(args, omitted=0): the fast-path key of a tuple of arguments, or None."},
    {"set_scalar_codes", set_scalar_codes, METH_O, "Register codes for NumPy scalar types."},
    {"_enable_vectorcall", enable_vectorcall, METH_O,
     "Keep the vectorcall protocol on a Python subclass of DispatcherBase."},
    {"set_traceback_cleaner", set_traceback_cleaner, METH_O,
     "Set fn(exception, traceback) -> traceback, applied to errors leaving the slow path."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef dispatcher_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "pycomp._dispatcher",
    .m_doc = "The C fast path of pycomp's dispatcher.",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__dispatcher(void)
{
    import_array();
    if (PyType_Ready(&DispatcherBaseType) < 0 || PyType_Ready(&CleanErrorsType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&dispatcher_module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddObjectRef(m, "DispatcherBase", (PyObject *)&DispatcherBaseType) < 0
        || PyModule_AddObjectRef(m, "CleanErrors", (PyObject *)&CleanErrorsType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
