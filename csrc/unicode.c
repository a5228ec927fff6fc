/*
 * str values in compiled code: see unicode.h.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "nrt.h"
#include "unicode.h"

uint32_t
pycomp_str_read(const void *data, int32_t kind, int64_t i)
{
    switch (kind) {
    case 1: return ((const uint8_t *)data)[i];
    case 2: return ((const uint16_t *)data)[i];
    default: return ((const uint32_t *)data)[i];
    }
}

int
pycomp_str_compare(const void *a, int64_t na, int32_t ka, const void *b, int64_t nb, int32_t kb)
{
    int64_t n = na < nb ? na : nb;
    if (ka == 1 && kb == 1) {
        int c = n ? memcmp(a, b, (size_t)n) : 0;
        if (c != 0)
            return c < 0 ? -1 : 1;
    } else {
        for (int64_t i = 0; i < n; i++) {
            uint32_t x = pycomp_str_read(a, ka, i), y = pycomp_str_read(b, kb, i);
            if (x != y)
                return x < y ? -1 : 1;
        }
    }
    return na < nb ? -1 : (na > nb ? 1 : 0);
}

int
pycomp_str_equal(const void *a, int64_t na, int32_t ka, const void *b, int64_t nb, int32_t kb)
{
    if (na != nb)
        return 0;
    if (ka == kb)  /* PEP 393 storage is canonical per kind */
        return na == 0 || memcmp(a, b, (size_t)(na * ka)) == 0;
    return pycomp_str_compare(a, na, ka, b, nb, kb) == 0;
}

void
pycomp_str_copy(void *dst, int32_t dkind, int64_t at, const void *src, int32_t skind, int64_t n)
{
    if (dkind == skind) {
        memcpy((char *)dst + at * dkind, src, (size_t)(n * skind));
        return;
    }
    for (int64_t i = 0; i < n; i++) {
        uint32_t c = pycomp_str_read(src, skind, i);
        switch (dkind) {
        case 1: ((uint8_t *)dst)[at + i] = (uint8_t)c; break;
        case 2: ((uint16_t *)dst)[at + i] = (uint16_t)c; break;
        default: ((uint32_t *)dst)[at + i] = c; break;
        }
    }
}

int
pycomp_unbox_str(PyObject *obj, pycomp_str *out)
{
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "expected a str, not %.200s", Py_TYPE(obj)->tp_name);
        return -1;
    }
#if PY_VERSION_HEX < 0x030C0000
    if (PyUnicode_READY(obj) < 0)
        return -1;
#endif
    out->data = PyUnicode_DATA(obj);
    out->length = (int64_t)PyUnicode_GET_LENGTH(obj);
    out->kind = (int32_t)PyUnicode_KIND(obj);
    out->is_ascii = PyUnicode_IS_ASCII(obj) ? 1 : 0;
    out->hash = -1;
    out->meminfo = NULL;
    out->parent = obj;
    return 0;
}

PyObject *
pycomp_box_str(const pycomp_str *s)
{
    if (s->meminfo == NULL && s->parent != NULL) {  /* a Python str, unchanged: strings are immutable */
        PyObject *p = (PyObject *)s->parent;
        Py_INCREF(p);
        return p;
    }
    PyObject *out = PyUnicode_FromKindAndData((int)s->kind, s->data, (Py_ssize_t)s->length);
    pycomp_nrt_decref((pycomp_meminfo *)s->meminfo);  /* the value's reference is the box's to release */
    return out;
}
