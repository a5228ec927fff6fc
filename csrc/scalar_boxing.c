/*
 * Boxing and unboxing of the scalar values compiled code keeps outside
 * Python's object model (part of pycomp._helperlib): records (np.void of
 * a structured dtype), the fixed-size string fields of records ('S<n>'
 * and 'U<n>'), and np.datetime64 / np.timedelta64 scalars.  Declared in
 * nrt.h with the array boxing of nrt_python.c.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* _helperlib.c imports the NumPy C API; its table is shared through
 * PY_ARRAY_UNIQUE_SYMBOL (set by setup.py for the whole extension). */
#define NO_IMPORT_ARRAY
#include <numpy/arrayobject.h>
#include <numpy/arrayscalars.h>

#include "nrt.h"

/* ---------------------------------------------------------------------- */
/* Records (structured scalars)                                            */
/* ---------------------------------------------------------------------- */

/* A new np.void holding a copy of the record of dtype `descr` at `data`. */
PyObject *
pycomp_box_record(void *data, PyObject *descr)
{
    if (!PyArray_DescrCheck(descr)) {
        PyErr_SetString(PyExc_SystemError, "pycomp: boxing a record with a dtype that is not a dtype");
        return NULL;
    }
    /* the scalar refers to a new 0-d array holding the copy, as NumPy's own
     * record scalars do: a scalar owning its bytes would silently drop
     * field assignments (``r.a = 0``) */
    Py_INCREF(descr);
    PyArrayObject *holder = (PyArrayObject *)PyArray_NewFromDescr(
        &PyArray_Type, (PyArray_Descr *)descr, 0, NULL, NULL, NULL, 0, NULL);
    if (holder == NULL)
        return NULL;
    memcpy(PyArray_DATA(holder), data, PyArray_ITEMSIZE(holder));
    PyObject *rec = PyArray_Scalar(PyArray_DATA(holder), (PyArray_Descr *)descr, (PyObject *)holder);
    Py_DECREF(holder);
    return rec;
}

/* The address of the bytes of record `obj` (an np.void of structured dtype
 * `descr`), borrowed from it: a record read from an array refers to the
 * array's memory, so writes through it reach the array, as in NumPy. NULL
 * with TypeError if `obj` is not such a record. */
/* Whether the fields of structured dtype `want` are, in order, the first
 * fields of `have` (same names, equivalent dtypes, same offsets): code
 * compiled for `want` then reads a `have` record through the same pointer
 * (Numba's record subtyping). -1 with an exception set on failure. */
static int
record_fields_prefix(PyObject *have, PyObject *want)
{
    int ok = 0;
    PyObject *hn = PyObject_GetAttrString(have, "names");
    PyObject *wn = PyObject_GetAttrString(want, "names");
    PyObject *hf = PyObject_GetAttrString(have, "fields");
    PyObject *wf = PyObject_GetAttrString(want, "fields");
    if (hn == NULL || wn == NULL || hf == NULL || wf == NULL) {
        ok = -1;
        goto done;
    }
    if (!PyTuple_Check(hn) || !PyTuple_Check(wn)
            || PyTuple_GET_SIZE(wn) > PyTuple_GET_SIZE(hn)
            || PyDataType_ELSIZE((PyArray_Descr *)want) > PyDataType_ELSIZE((PyArray_Descr *)have))
        goto done;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(wn); i++) {
        PyObject *name = PyTuple_GET_ITEM(wn, i);
        int same = PyObject_RichCompareBool(name, PyTuple_GET_ITEM(hn, i), Py_EQ);
        if (same <= 0) {
            ok = same;
            goto done;
        }
        /* fields are mapping proxies: name -> (dtype, offset[, title]) */
        PyObject *h = PyObject_GetItem(hf, name), *w = PyObject_GetItem(wf, name);
        same = h != NULL && w != NULL && PyTuple_Check(h) && PyTuple_Check(w)
            && PyTuple_GET_SIZE(h) >= 2 && PyTuple_GET_SIZE(w) >= 2
            && PyArray_DescrCheck(PyTuple_GET_ITEM(h, 0)) && PyArray_DescrCheck(PyTuple_GET_ITEM(w, 0))
            && PyArray_EquivTypes((PyArray_Descr *)PyTuple_GET_ITEM(h, 0), (PyArray_Descr *)PyTuple_GET_ITEM(w, 0));
        if (same)
            same = PyObject_RichCompareBool(PyTuple_GET_ITEM(h, 1), PyTuple_GET_ITEM(w, 1), Py_EQ);
        Py_XDECREF(h);
        Py_XDECREF(w);
        if (same <= 0) {
            ok = PyErr_Occurred() ? -1 : 0;
            goto done;
        }
    }
    ok = 1;
done:
    Py_XDECREF(hn);
    Py_XDECREF(wn);
    Py_XDECREF(hf);
    Py_XDECREF(wf);
    return ok;
}

void *
pycomp_unbox_record(PyObject *obj, PyObject *descr)
{
    int fits = 0;
    if (PyArray_IsScalar(obj, Void) && PyArray_DescrCheck(descr)) {
        PyArray_Descr *have = ((PyVoidScalarObject *)obj)->descr;
        fits = PyArray_EquivTypes(have, (PyArray_Descr *)descr)
            || record_fields_prefix((PyObject *)have, descr);
        if (fits < 0)
            return NULL;
    }
    if (!fits) {
        PyErr_Format(PyExc_TypeError, "can't unbox a %.200s as a record of dtype %R",
                     Py_TYPE(obj)->tp_name, descr);
        return NULL;
    }
    return ((PyVoidScalarObject *)obj)->obval;
}

/* ---------------------------------------------------------------------- */
/* Fixed-size string fields of records ('S<n>' and 'U<n>' values)          */
/* ---------------------------------------------------------------------- */

/* The bytes of an 'S<n>' field as NumPy reads them: trailing NULs dropped. */
PyObject *
pycomp_box_charseq(const char *data, int64_t n)
{
    while (n > 0 && data[n - 1] == 0)
        n--;
    return PyBytes_FromStringAndSize(data, (Py_ssize_t)n);
}

/* The text of a 'U<n>' field (UCS4 code points), trailing NULs dropped. */
PyObject *
pycomp_box_unicharseq(const Py_UCS4 *data, int64_t n)
{
    while (n > 0 && data[n - 1] == 0)
        n--;
    return PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, data, (Py_ssize_t)n);
}

/* Fills `out` (n bytes) from a bytes or an ASCII str, as NumPy assigns to
 * an 'S<n>' field: truncated to n, the rest NULs. 0, or -1 with an error. */
int
pycomp_unbox_charseq(PyObject *obj, char *out, int64_t n)
{
    const char *src;
    Py_ssize_t len;
    if (PyBytes_Check(obj)) {
        src = PyBytes_AS_STRING(obj);
        len = PyBytes_GET_SIZE(obj);
    }
    else if (PyUnicode_Check(obj)) {
        if (!PyUnicode_IS_ASCII(obj)) {
            PyErr_SetString(PyExc_ValueError, "a bytes field takes ASCII text only");
            return -1;
        }
        src = (const char *)PyUnicode_DATA(obj);
        len = PyUnicode_GET_LENGTH(obj);
    }
    else {
        PyErr_Format(PyExc_TypeError, "expected bytes or str for a bytes field, got %.200s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (len > n)
        len = (Py_ssize_t)n;
    memcpy(out, src, (size_t)len);
    memset(out + len, 0, (size_t)(n - len));
    return 0;
}

/* Fills `out` (n code points) from a str, as NumPy assigns to a 'U<n>'
 * field: truncated to n, the rest NULs. 0, or -1 with an error set. */
int
pycomp_unbox_unicharseq(PyObject *obj, Py_UCS4 *out, int64_t n)
{
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "expected str for a str field, got %.200s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    Py_ssize_t len = PyUnicode_GET_LENGTH(obj);
    if (len > n)
        len = (Py_ssize_t)n;
    for (Py_ssize_t i = 0; i < len; i++)
        out[i] = PyUnicode_READ_CHAR(obj, i);
    for (Py_ssize_t i = len; i < n; i++)
        out[i] = 0;
    return 0;
}

/* ---------------------------------------------------------------------- */
/* datetime64 and timedelta64 scalars                                      */
/* ---------------------------------------------------------------------- */

/* The int64 count of an np.datetime64 or np.timedelta64 (NaT is INT64_MIN):
 * 0, or -1 with TypeError if `obj` is neither. */
int
pycomp_unbox_datetime(PyObject *obj, int64_t *out)
{
    if (PyArray_IsScalar(obj, Datetime) || PyArray_IsScalar(obj, Timedelta)) {
        *out = (int64_t)((PyDatetimeScalarObject *)obj)->obval;
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "expected a numpy.datetime64 or numpy.timedelta64, not %.200s",
                 Py_TYPE(obj)->tp_name);
    return -1;
}

/* A new np.datetime64 / np.timedelta64 of dtype `descr` (M8[unit] or m8[unit]). */
PyObject *
pycomp_box_datetime(int64_t value, PyObject *descr)
{
    if (!PyArray_DescrCheck(descr)) {
        PyErr_SetString(PyExc_SystemError, "pycomp: boxing a datetime with a dtype that is not a dtype");
        return NULL;
    }
    return PyArray_Scalar(&value, (PyArray_Descr *)descr, NULL);
}
