/*
 * The Python-facing side of pycomp's memory runtime (part of
 * pycomp._helperlib): the MemInfoOwner type, boxing of the array data
 * model into ndarrays, and the nrt_* functions the tests and
 * pycomp/runtime.py use.  The runtime itself is nrt.c.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

/* _helperlib.c imports the NumPy C API; its table is shared through
 * PY_ARRAY_UNIQUE_SYMBOL (set by setup.py for the whole extension). */
#define NO_IMPORT_ARRAY
#include <numpy/arrayobject.h>
#include <numpy/arrayscalars.h>

#include "nrt.h"

/* ---------------------------------------------------------------------- */
/* MemInfoOwner                                                            */
/* ---------------------------------------------------------------------- */

/*
 * Holds one reference to a meminfo and releases it when it dies.  The base
 * of every ndarray boxed from runtime memory.  It holds no Python objects,
 * so it cannot be part of a reference cycle and needs no GC support.
 */
typedef struct {
    PyObject_HEAD
    pycomp_meminfo *mi;
} MemInfoOwner;

static void
mio_dealloc(MemInfoOwner *self)
{
    pycomp_nrt_decref(self->mi);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *
mio_address(MemInfoOwner *self, void *Py_UNUSED(closure))
{
    return PyLong_FromVoidPtr(self->mi);
}

static PyObject *
mio_data(MemInfoOwner *self, void *Py_UNUSED(closure))
{
    return PyLong_FromVoidPtr(self->mi->data);
}

static PyObject *
mio_size(MemInfoOwner *self, void *Py_UNUSED(closure))
{
    return PyLong_FromLongLong(self->mi->size);
}

static PyObject *
mio_refcount(MemInfoOwner *self, void *Py_UNUSED(closure))
{
    return PyLong_FromLongLong(pycomp_nrt_refcount(self->mi));
}

static PyObject *
mio_repr(MemInfoOwner *self)
{
    return PyUnicode_FromFormat("<pycomp MemInfoOwner meminfo=%p data=%p size=%lld refcount=%lld>",
                                (void *)self->mi, self->mi->data, (long long)self->mi->size,
                                (long long)pycomp_nrt_refcount(self->mi));
}

static PyGetSetDef mio_getset[] = {
    {"address", (getter)mio_address, NULL, "Address of the meminfo.", NULL},
    {"data", (getter)mio_data, NULL, "Address of the data.", NULL},
    {"size", (getter)mio_size, NULL, "Size of the data in bytes.", NULL},
    {"refcount", (getter)mio_refcount, NULL, "The meminfo's reference count now.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject MemInfoOwner_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pycomp._helperlib.MemInfoOwner",
    .tp_doc = PyDoc_STR("Holds one reference to a runtime meminfo; the base of an ndarray "
                        "whose memory compiled code allocated."),
    .tp_basicsize = sizeof(MemInfoOwner),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)mio_dealloc,
    .tp_repr = (reprfunc)mio_repr,
    .tp_getset = mio_getset,
    /* no tp_new: only the runtime creates them */
};

PyObject *
pycomp_box_meminfo_owner(pycomp_meminfo *mi)
{
    if (mi == NULL) {
        PyErr_SetString(PyExc_SystemError, "pycomp: boxing a NULL meminfo");
        return NULL;
    }
    MemInfoOwner *owner = PyObject_New(MemInfoOwner, &MemInfoOwner_Type);
    if (owner == NULL) {
        pycomp_nrt_decref(mi);
        return NULL;
    }
    owner->mi = mi;
    return (PyObject *)owner;
}

/* ---------------------------------------------------------------------- */
/* Array boxing                                                            */
/* ---------------------------------------------------------------------- */

/* An ndarray of `descr` (stolen) over `data`, not owning it; `base` (stolen)
 * becomes its base.  NULL with an exception set on failure. */
static PyObject *
array_over(PyArray_Descr *descr, int ndim, npy_intp *shape, npy_intp *strides,
           void *data, int flags, PyObject *base)
{
    PyObject *a = PyArray_NewFromDescr(&PyArray_Type, descr, ndim, shape, strides,
                                       data, flags, NULL);
    if (a == NULL) {
        Py_DECREF(base);
        return NULL;
    }
    if (PyArray_SetBaseObject((PyArrayObject *)a, base) < 0) {  /* steals base */
        Py_DECREF(a);
        return NULL;
    }
    return a;
}

/* Whether `p` is exactly the array that `descr`, shape, strides and data describe. */
static int
is_parent_itself(PyArrayObject *p, PyArray_Descr *descr, int ndim,
                 const npy_intp *shape, const npy_intp *strides, void *data)
{
    if (PyArray_NDIM(p) != ndim || PyArray_DATA(p) != data)
        return 0;
    for (int i = 0; i < ndim; i++)
        if (PyArray_DIMS(p)[i] != shape[i] || PyArray_STRIDES(p)[i] != strides[i])
            return 0;
    return PyArray_EquivTypes(PyArray_DESCR(p), descr);
}

static PyObject *box_array(pycomp_array *arr, int32_t ndim, PyArray_Descr *descr);

PyObject *
pycomp_box_array(pycomp_array *arr, int32_t ndim, int32_t typenum)
{
    PyArray_Descr *descr = PyArray_DescrFromType(typenum);
    if (descr == NULL) {
        pycomp_nrt_decref(arr->meminfo);
        return NULL;
    }
    return box_array(arr, ndim, descr);
}

PyObject *
pycomp_box_array_descr(pycomp_array *arr, int32_t ndim, PyObject *descr)
{
    if (!PyArray_DescrCheck(descr)) {
        pycomp_nrt_decref(arr->meminfo);
        PyErr_SetString(PyExc_SystemError, "pycomp: boxing an array with a dtype that is not a dtype");
        return NULL;
    }
    Py_INCREF(descr);
    return box_array(arr, ndim, (PyArray_Descr *)descr);
}

/* The ndarray for `arr` with dtype `descr` (stolen); consumes the array's
 * reference to its meminfo. */
static PyObject *
box_array(pycomp_array *arr, int32_t ndim, PyArray_Descr *descr)
{
    pycomp_meminfo *mi = arr->meminfo;
    npy_intp shape[NPY_MAXDIMS], strides[NPY_MAXDIMS];

    if (ndim < 0 || ndim > NPY_MAXDIMS) {
        Py_DECREF(descr);
        pycomp_nrt_decref(mi);
        PyErr_Format(PyExc_SystemError, "pycomp: cannot box a %d-d array", (int)ndim);
        return NULL;
    }
    for (int i = 0; i < ndim; i++) {
        shape[i] = (npy_intp)arr->shape_and_strides[i];
        strides[i] = (npy_intp)arr->shape_and_strides[ndim + i];
    }
    if (arr->itemsize != (int64_t)PyDataType_ELSIZE(descr)) {
        PyErr_Format(PyExc_SystemError,
                     "pycomp: boxing an array of itemsize %lld as dtype %R (itemsize %lld)",
                     (long long)arr->itemsize, (PyObject *)descr,
                     (long long)PyDataType_ELSIZE(descr));
        Py_DECREF(descr);
        pycomp_nrt_decref(mi);
        return NULL;
    }

    /* Memory compiled code allocated: the array owns the meminfo's reference. */
    if (mi != NULL) {
        PyObject *owner = pycomp_box_meminfo_owner(mi);
        if (owner == NULL) {
            Py_DECREF(descr);
            return NULL;
        }
        return array_over(descr, ndim, shape, strides, arr->data, NPY_ARRAY_WRITEABLE, owner);
    }

    /* An array that came from Python, or a view of one. */
    if (arr->parent != NULL) {
        if (!PyArray_Check(arr->parent)) {
            PyErr_Format(PyExc_SystemError, "pycomp: array parent is a %.200s, not an ndarray",
                         Py_TYPE(arr->parent)->tp_name);
            Py_DECREF(descr);
            return NULL;
        }
        PyArrayObject *p = (PyArrayObject *)arr->parent;
        if (is_parent_itself(p, descr, ndim, shape, strides, arr->data)) {
            Py_DECREF(descr);
            Py_INCREF(arr->parent);
            return arr->parent;
        }
        /* A parent owning its data is the view's base, as in NumPy.  A
         * parent that is itself a view would be skipped by NumPy (which
         * bases a view on the first array owning the data); as in Numba,
         * the view holds the parent itself through a meminfo instead, so
         * the object the caller passed stays referenced while it lives. */
        PyObject *base;
        if ((PyArray_FLAGS(p) & NPY_ARRAY_OWNDATA) || PyArray_BASE(p) == NULL) {
            Py_INCREF(arr->parent);
            base = arr->parent;
        } else {
            base = pycomp_box_meminfo_owner(pycomp_meminfo_for_parent(arr->parent));
            if (base == NULL) {
                Py_DECREF(descr);
                return NULL;
            }
        }
        return array_over(descr, ndim, shape, strides, arr->data,
                          PyArray_ISWRITEABLE(p) ? NPY_ARRAY_WRITEABLE : 0, base);
    }

    /* Neither (memory nobody owns, e.g. a constant): a NumPy-owned copy. */
    if (arr->data == NULL) {
        for (int i = 0; i < ndim; i++)
            if (shape[i] == 0)
                return PyArray_NewFromDescr(&PyArray_Type, descr, ndim, shape, NULL,
                                            NULL, 0, NULL);
        Py_DECREF(descr);
        PyErr_SetString(PyExc_SystemError, "pycomp: boxing an array with no data");
        return NULL;
    }
    PyObject *tmp = PyArray_NewFromDescr(&PyArray_Type, descr, ndim, shape, strides,
                                         arr->data, 0, NULL);
    if (tmp == NULL)
        return NULL;
    PyObject *copy = PyArray_NewCopy((PyArrayObject *)tmp, NPY_KEEPORDER);  /* an F constant stays F */
    Py_DECREF(tmp);
    return copy;
}

/* The boxed array `obj` (stolen; NULL passes through) of an array typed
 * read-only: read-only.  A new ndarray's WRITEABLE flag is cleared; when
 * `obj` is `parent`, the caller's own writeable ndarray (a read-only view
 * of it came back whole), a new read-only view of it is made instead:
 * the caller's array is never changed. */
PyObject *
pycomp_readonly_result(PyObject *obj, PyObject *parent)
{
    if (obj == NULL || !PyArray_Check(obj))
        return obj;
    PyArrayObject *a = (PyArrayObject *)obj;
    if (!PyArray_ISWRITEABLE(a))
        return obj;
    if (obj != parent) {
        PyArray_CLEARFLAGS(a, NPY_ARRAY_WRITEABLE);
        return obj;
    }
    PyObject *view = PyArray_View(a, NULL, NULL);
    Py_DECREF(obj);
    if (view != NULL)
        PyArray_CLEARFLAGS((PyArrayObject *)view, NPY_ARRAY_WRITEABLE);
    return view;
}

/* ---------------------------------------------------------------------- */
/* Arrays borrowed from Python, kept alive by a meminfo                    */
/* ---------------------------------------------------------------------- */

static void
release_parent(void *data, int64_t size, void *parent)
{
    (void)data;
    (void)size;
    PyGILState_STATE gil = PyGILState_Ensure();
    Py_DECREF((PyObject *)parent);
    PyGILState_Release(gil);
}

/* A new meminfo (refcount 1) holding a reference to `parent`, the ndarray an
 * array borrowed from Python (no meminfo) views: compiled code gives it to
 * such an array when storing it where it outlives the call (a typed list),
 * so the ndarray stays alive as long as the array does.  NULL if `parent`
 * is NULL (an array of constant data needs nothing) or memory is short.
 * Takes the GIL itself (a nogil function may call it). */
void *
pycomp_meminfo_for_parent(PyObject *parent)
{
    if (parent == NULL)
        return NULL;
    PyGILState_STATE gil = PyGILState_Ensure();
    Py_INCREF(parent);
    PyGILState_Release(gil);
    pycomp_meminfo *mi = pycomp_nrt_meminfo_new(NULL, 0, release_parent, parent);
    if (mi == NULL) {
        gil = PyGILState_Ensure();
        Py_DECREF(parent);
        PyGILState_Release(gil);
    }
    return mi;
}

/* ---------------------------------------------------------------------- */
/* Python functions (private helpers for tests and pycomp/runtime.py)     */
/* ---------------------------------------------------------------------- */

/* A meminfo address from a Python int (0 -> NULL). */
static int
as_meminfo(PyObject *o, pycomp_meminfo **out)
{
    void *p = PyLong_AsVoidPtr(o);
    if (p == NULL && PyErr_Occurred())
        return 0;
    *out = p;
    return 1;
}

static int
as_nonnull_meminfo(PyObject *o, pycomp_meminfo **out)
{
    if (!as_meminfo(o, out))
        return 0;
    if (*out == NULL) {
        PyErr_SetString(PyExc_ValueError, "meminfo address must not be 0");
        return 0;
    }
    return 1;
}

static PyObject *
nrt_allocate(PyObject *Py_UNUSED(m), PyObject *arg)
{
    long long size = PyLong_AsLongLong(arg);
    if (size == -1 && PyErr_Occurred())
        return NULL;
    return PyLong_FromVoidPtr(pycomp_nrt_allocate((int64_t)size));
}

static PyObject *
nrt_meminfo_new(PyObject *Py_UNUSED(m), PyObject *args)
{
    PyObject *data, *dtor = NULL, *info = NULL;
    long long size;
    if (!PyArg_ParseTuple(args, "OL|OO:nrt_meminfo_new", &data, &size, &dtor, &info))
        return NULL;
    void *d = PyLong_AsVoidPtr(data);
    void *f = dtor ? PyLong_AsVoidPtr(dtor) : NULL;
    void *i = info ? PyLong_AsVoidPtr(info) : NULL;
    if (PyErr_Occurred())
        return NULL;
    pycomp_nrt_dtor fn = (pycomp_nrt_dtor)(void (*)(void))(uintptr_t)f;
    return PyLong_FromVoidPtr(pycomp_nrt_meminfo_new(d, (int64_t)size, fn, i));
}

static PyObject *
nrt_incref(PyObject *Py_UNUSED(m), PyObject *arg)
{
    pycomp_meminfo *mi;
    if (!as_meminfo(arg, &mi))
        return NULL;
    pycomp_nrt_incref(mi);
    Py_RETURN_NONE;
}

static PyObject *
nrt_decref(PyObject *Py_UNUSED(m), PyObject *arg)
{
    pycomp_meminfo *mi;
    if (!as_meminfo(arg, &mi))
        return NULL;
    pycomp_nrt_decref(mi);
    Py_RETURN_NONE;
}

static PyObject *
nrt_refcount(PyObject *Py_UNUSED(m), PyObject *arg)
{
    pycomp_meminfo *mi;
    if (!as_nonnull_meminfo(arg, &mi))
        return NULL;
    return PyLong_FromLongLong(pycomp_nrt_refcount(mi));
}

static PyObject *
nrt_meminfo_info(PyObject *Py_UNUSED(m), PyObject *arg)
{
    pycomp_meminfo *mi;
    if (!as_nonnull_meminfo(arg, &mi))
        return NULL;
    return Py_BuildValue("{sLsNsLsNsNsO}",
                         "refcount", (long long)pycomp_nrt_refcount(mi),
                         "data", PyLong_FromVoidPtr(mi->data),
                         "size", (long long)mi->size,
                         "dtor", PyLong_FromVoidPtr((void *)(uintptr_t)mi->dtor),
                         "dtor_info", PyLong_FromVoidPtr(mi->dtor_info),
                         "large", pycomp_nrt_is_large(mi) ? Py_True : Py_False);
}

static PyObject *
stats_tuple(const pycomp_nrt_stats *s)
{
    return Py_BuildValue("(LLLLLLLLL)", (long long)s->alloc, (long long)s->free,
                         (long long)s->mi_alloc, (long long)s->mi_free,
                         (long long)s->bytes_in_use, (long long)s->reused, (long long)s->mapped,
                         (long long)s->cached_blocks, (long long)s->cached_bytes);
}

static PyObject *
nrt_stats(PyObject *Py_UNUSED(m), PyObject *Py_UNUSED(arg))
{
    pycomp_nrt_stats s;
    pycomp_nrt_get_stats(&s);
    return stats_tuple(&s);
}

static PyObject *
nrt_thread_stats(PyObject *Py_UNUSED(m), PyObject *Py_UNUSED(arg))
{
    pycomp_nrt_stats s;
    pycomp_nrt_get_thread_stats(&s);
    return stats_tuple(&s);
}

static PyObject *
nrt_trim(PyObject *Py_UNUSED(m), PyObject *Py_UNUSED(arg))
{
    int64_t bytes;
    Py_BEGIN_ALLOW_THREADS
    bytes = pycomp_nrt_trim();
    Py_END_ALLOW_THREADS
    return PyLong_FromLongLong(bytes);
}

static PyObject *
nrt_set_cache_limits(PyObject *Py_UNUSED(m), PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"max_blocks", "max_bytes", NULL};
    long long blocks = -1, bytes = -1;
    int64_t old_blocks, old_bytes;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|LL:nrt_set_cache_limits", kwlist,
                                     &blocks, &bytes))
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    pycomp_nrt_set_cache_limits(blocks, bytes, &old_blocks, &old_bytes);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(LL)", (long long)old_blocks, (long long)old_bytes);
}

/* A tuple of int64 into out[0..n); -1 with an exception on error. */
static int
int64_tuple(PyObject *t, const char *what, int64_t *out, Py_ssize_t n)
{
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != n) {
        PyErr_Format(PyExc_ValueError, "%s must be a tuple of %zd ints", what, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long long v = PyLong_AsLongLong(PyTuple_GET_ITEM(t, i));
        if (v == -1 && PyErr_Occurred())
            return -1;
        out[i] = (int64_t)v;
    }
    return 0;
}

/*
 * box_array_from(meminfo, shape, strides, typenum, offset=0): the ndarray
 * pycomp_box_array() makes for a runtime block; steals the meminfo's
 * reference (also when it raises).  The extent is checked against the
 * block's size.
 */
static PyObject *
box_array_from(PyObject *Py_UNUSED(m), PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"meminfo", "shape", "strides", "typenum", "offset", NULL};
    PyObject *mi_obj, *shape_obj, *strides_obj;
    int typenum;
    long long offset = 0;
    pycomp_meminfo *mi;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO!Oi|L:box_array_from", kwlist,
                                     &mi_obj, &PyTuple_Type, &shape_obj, &strides_obj,
                                     &typenum, &offset)
        || !as_nonnull_meminfo(mi_obj, &mi))
        return NULL;

    Py_ssize_t ndim = PyTuple_GET_SIZE(shape_obj);
    PyArray_Descr *descr = NULL;
    pycomp_array *arr = NULL;
    if (ndim > NPY_MAXDIMS) {
        PyErr_Format(PyExc_ValueError, "at most %d dimensions", NPY_MAXDIMS);
        goto fail;
    }
    arr = PyMem_Malloc(sizeof(pycomp_array) + 2 * (size_t)ndim * sizeof(int64_t));
    if (arr == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    int64_t *shape = arr->shape_and_strides, *strides = shape + ndim;
    if ((descr = PyArray_DescrFromType(typenum)) == NULL
        || int64_tuple(shape_obj, "shape", shape, ndim) < 0)
        goto fail;
    int64_t itemsize = PyDataType_ELSIZE(descr);
    Py_CLEAR(descr);
    if (strides_obj == Py_None) {
        int64_t step = itemsize;
        for (Py_ssize_t i = ndim - 1; i >= 0; i--) {
            strides[i] = step;
            step *= shape[i] > 0 ? shape[i] : 1;
        }
    }
    else if (int64_tuple(strides_obj, "strides", strides, ndim) < 0)
        goto fail;

    /* every byte the array can reach must lie in the block */
    int64_t lo = 0, hi = 0, nitems = 1;
    for (Py_ssize_t i = 0; i < ndim; i++) {
        if (shape[i] < 0) {
            PyErr_SetString(PyExc_ValueError, "negative dimension");
            goto fail;
        }
        nitems *= shape[i];
        if (shape[i] > 0 && strides[i] > 0)
            hi += strides[i] * (shape[i] - 1);
        else if (shape[i] > 0)
            lo += strides[i] * (shape[i] - 1);
    }
    if (nitems > 0 && (offset + lo < 0 || offset + hi + itemsize > mi->size)) {
        PyErr_Format(PyExc_ValueError,
                     "array extent [%lld, %lld) is outside the %lld-byte block",
                     (long long)(offset + lo), (long long)(offset + hi + itemsize),
                     (long long)mi->size);
        goto fail;
    }
    arr->meminfo = mi;
    arr->parent = NULL;
    arr->nitems = nitems;
    arr->itemsize = itemsize;
    arr->data = (char *)mi->data + offset;
    PyObject *result = pycomp_box_array(arr, (int32_t)ndim, typenum);
    PyMem_Free(arr);
    return result;

fail:
    PyMem_Free(arr);
    Py_XDECREF(descr);
    pycomp_nrt_decref(mi);
    return NULL;
}

static PyObject *
box_meminfo_owner(PyObject *Py_UNUSED(m), PyObject *arg)
{
    pycomp_meminfo *mi;
    if (!as_nonnull_meminfo(arg, &mi))
        return NULL;
    return pycomp_box_meminfo_owner(mi);
}

static PyMethodDef nrt_methods[] = {
    {"nrt_allocate", (PyCFunction)nrt_allocate, METH_O,
     "nrt_allocate(size)\n--\n\nAddress of a new meminfo of `size` bytes (refcount 1), "
     "0 where pycomp_nrt_allocate() returns NULL."},
    {"nrt_meminfo_new", (PyCFunction)nrt_meminfo_new, METH_VARARGS,
     "nrt_meminfo_new(data, size, dtor=0, dtor_info=0)\n--\n\n"
     "Address of a new meminfo around external memory (addresses as ints)."},
    {"nrt_incref", (PyCFunction)nrt_incref, METH_O,
     "nrt_incref(meminfo)\n--\n\npycomp_nrt_incref(); 0 is allowed (no-op)."},
    {"nrt_decref", (PyCFunction)nrt_decref, METH_O,
     "nrt_decref(meminfo)\n--\n\npycomp_nrt_decref(); 0 is allowed (no-op)."},
    {"nrt_refcount", (PyCFunction)nrt_refcount, METH_O,
     "nrt_refcount(meminfo)\n--\n\nThe meminfo's reference count."},
    {"nrt_meminfo_info", (PyCFunction)nrt_meminfo_info, METH_O,
     "nrt_meminfo_info(meminfo)\n--\n\n"
     "dict of refcount, data, size, dtor, dtor_info, large (in the mmap'ed reuse path)."},
    {"nrt_stats", (PyCFunction)nrt_stats, METH_NOARGS,
     "nrt_stats()\n--\n\nTotals of all threads, a tuple in the order of NRT_STATS_FIELDS."},
    {"nrt_thread_stats", (PyCFunction)nrt_thread_stats, METH_NOARGS,
     "nrt_thread_stats()\n--\n\nThe calling thread's counters (NRT_STATS_FIELDS; "
     "bytes_in_use: bytes it allocated minus bytes it freed; cache fields 0)."},
    {"nrt_trim", (PyCFunction)nrt_trim, METH_NOARGS,
     "nrt_trim()\n--\n\nUnmap the large-block reuse cache; returns the bytes unmapped."},
    {"nrt_set_cache_limits", (PyCFunction)(void (*)(void))nrt_set_cache_limits,
     METH_VARARGS | METH_KEYWORDS,
     "nrt_set_cache_limits(max_blocks=-1, max_bytes=-1)\n--\n\n"
     "Bound the large-block reuse cache (negative: unchanged; max_blocks 0 disables it); "
     "returns the previous (max_blocks, max_bytes)."},
    {"box_array_from", (PyCFunction)(void (*)(void))box_array_from,
     METH_VARARGS | METH_KEYWORDS,
     "box_array_from(meminfo, shape, strides, typenum, offset=0)\n--\n\n"
     "The ndarray pycomp_box_array() makes for the runtime block `meminfo` (an address), "
     "whose reference it steals, also when it raises.  strides None: C order."},
    {"box_meminfo_owner", (PyCFunction)box_meminfo_owner, METH_O,
     "box_meminfo_owner(meminfo)\n--\n\nA MemInfoOwner holding (stealing) the reference."},
    {NULL, NULL, 0, NULL},
};

int
pycomp_nrt_add_to_module(PyObject *m)
{
    if (PyType_Ready(&MemInfoOwner_Type) < 0
        || PyModule_AddFunctions(m, nrt_methods) < 0
        || PyModule_AddObjectRef(m, "MemInfoOwner", (PyObject *)&MemInfoOwner_Type) < 0
        || PyModule_AddIntConstant(m, "NRT_ALIGN", PYCOMP_NRT_ALIGN) < 0
        || PyModule_AddIntConstant(m, "NRT_MAPPED_THRESHOLD", (long)PYCOMP_NRT_MAPPED_THRESHOLD) < 0
        || PyModule_AddIntConstant(m, "NRT_MEDIUM_ROUND", (long)PYCOMP_NRT_MEDIUM_ROUND) < 0
        || PyModule_AddIntConstant(m, "NRT_LARGE_THRESHOLD", (long)PYCOMP_NRT_LARGE_THRESHOLD) < 0
        || PyModule_AddIntConstant(m, "NRT_LARGE_ROUND", (long)PYCOMP_NRT_LARGE_ROUND) < 0)
        return -1;
    PyObject *fields = Py_BuildValue("(sssssssss)", "alloc", "free", "mi_alloc", "mi_free",
                                     "bytes_in_use", "reused", "mapped",
                                     "cached_blocks", "cached_bytes");
    if (fields == NULL)
        return -1;
    int rc = PyModule_AddObjectRef(m, "NRT_STATS_FIELDS", fields);
    Py_DECREF(fields);
    return rc;
}
