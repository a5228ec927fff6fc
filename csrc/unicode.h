/*
 * str values in compiled code (pycomp/types/strings.py): the struct of
 * Numba's layout that compiled code holds, its boxing and unboxing, and
 * the comparisons and copies on PEP 393 storage (1, 2 or 4 bytes per code
 * point) that the lowering of string operations calls.
 */
#ifndef PYCOMP_UNICODE_H
#define PYCOMP_UNICODE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The value of a unicode_type (targets/datamodel.py UNICODE_STRUCT). */
typedef struct pycomp_str {
    void *data;          /* the code points, `kind` bytes each */
    int64_t length;      /* code points */
    int32_t kind;        /* 1, 2 or 4 */
    int32_t is_ascii;
    int64_t hash;        /* -1: not computed */
    void *meminfo;       /* the runtime block owning `data`; NULL: borrowed */
    void *parent;        /* the Python str it came from (borrowed); NULL if none */
} pycomp_str;

/* -1, 0 or 1 as the code points of a[0:na] compare with b[0:nb] (Python's order). */
int pycomp_str_compare(const void *a, int64_t na, int32_t ka, const void *b, int64_t nb, int32_t kb);

/* 1 if the two strings hold the same code points, else 0. */
int pycomp_str_equal(const void *a, int64_t na, int32_t ka, const void *b, int64_t nb, int32_t kb);

/* Copy n code points of kind `skind` from src to dst (of kind `dkind` >= skind), starting at
 * code point `at` of dst. */
void pycomp_str_copy(void *dst, int32_t dkind, int64_t at, const void *src, int32_t skind, int64_t n);

/* The code point at index i. */
uint32_t pycomp_str_read(const void *data, int32_t kind, int64_t i);

#ifdef Py_PYTHON_H
/* Fill *out from a Python str (borrowed storage: meminfo NULL, parent obj); -1 with a
 * TypeError set if obj is not a str. */
int pycomp_unbox_str(PyObject *obj, pycomp_str *out);
/* A new reference: the parent itself when the value is a borrowed Python str, else a new str;
 * the value's own reference (its meminfo) is released, as boxing an array hands its reference over. */
PyObject *pycomp_box_str(const pycomp_str *s);
#endif

#ifdef __cplusplus
}
#endif

#endif
