/*
 * The random states seen from Python: the functions Numba's _helperlib
 * offers under the same names, so a test (or a user syncing streams) can
 * read, write, twist and seed the calling thread's generators.
 *
 *   rnd_get_np_state_ptr(), rnd_get_py_state_ptr() -> int (an address)
 *   rnd_get_state(ptr) -> (pos, [624 ints])
 *   rnd_set_state(ptr, (pos, [624 ints]))
 *   rnd_shuffle(ptr)                 the next 624 words, now
 *   rnd_seed(ptr, int | buffer)      NumPy's seeding by a 32-bit int, or
 *                                    by the buffer's bytes as 32-bit words
 *
 * An address must be one of the calling thread's two states: any other
 * int is a ValueError, never a write through a stray pointer.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "random.h"

#define MT_N 624

static void *
state_arg(PyObject *arg)
{
    void *p = PyLong_AsVoidPtr(arg);
    if (p == NULL && PyErr_Occurred()) {
        return NULL;
    }
    if (p != pycomp_random_state_ptr(0) && p != pycomp_random_state_ptr(1)) {
        PyErr_SetString(PyExc_ValueError,
                        "not the address of this thread's random state "
                        "(rnd_get_np_state_ptr() or rnd_get_py_state_ptr())");
        return NULL;
    }
    return p;
}

static PyObject *
rnd_get_np_state_ptr(PyObject *self, PyObject *unused)
{
    return PyLong_FromVoidPtr(pycomp_random_state_ptr(0));
}

static PyObject *
rnd_get_py_state_ptr(PyObject *self, PyObject *unused)
{
    return PyLong_FromVoidPtr(pycomp_random_state_ptr(1));
}

static PyObject *
rnd_get_state(PyObject *self, PyObject *arg)
{
    void *st = state_arg(arg);
    if (st == NULL) {
        return NULL;
    }
    uint32_t key[MT_N];
    int pos = pycomp_random_state_get(st, key);
    PyObject *ints = PyList_New(MT_N);
    if (ints == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < MT_N; i++) {
        PyObject *v = PyLong_FromUnsignedLong(key[i]);
        if (v == NULL) {
            Py_DECREF(ints);
            return NULL;
        }
        PyList_SET_ITEM(ints, i, v);
    }
    return Py_BuildValue("(iN)", pos, ints);
}

static PyObject *
rnd_set_state(PyObject *self, PyObject *args)
{
    PyObject *ptr, *state;
    if (!PyArg_ParseTuple(args, "OO:rnd_set_state", &ptr, &state)) {
        return NULL;
    }
    void *st = state_arg(ptr);
    if (st == NULL) {
        return NULL;
    }
    int pos;
    PyObject *ints;
    if (!PyTuple_Check(state) || !PyArg_ParseTuple(state, "iO:rnd_set_state", &pos, &ints)) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_TypeError, "rnd_set_state: the state must be a tuple (pos, ints)");
        }
        return NULL;
    }
    if (pos < 0 || pos > MT_N) {
        PyErr_Format(PyExc_ValueError, "rnd_set_state: pos must be in [0, %d], got %d", MT_N, pos);
        return NULL;
    }
    PyObject *seq = PySequence_Fast(ints, "rnd_set_state: the words must be a sequence");
    if (seq == NULL) {
        return NULL;
    }
    if (PySequence_Fast_GET_SIZE(seq) != MT_N) {
        PyErr_Format(PyExc_ValueError, "rnd_set_state: %d words expected, got %zd",
                     MT_N, PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return NULL;
    }
    uint32_t key[MT_N];
    for (Py_ssize_t i = 0; i < MT_N; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == (unsigned long)-1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (v > 0xffffffffUL) {
            PyErr_SetString(PyExc_OverflowError, "rnd_set_state: a word does not fit in 32 bits");
            Py_DECREF(seq);
            return NULL;
        }
        key[i] = (uint32_t)v;
    }
    Py_DECREF(seq);
    pycomp_random_state_set(st, pos, key);
    Py_RETURN_NONE;
}

static PyObject *
rnd_shuffle(PyObject *self, PyObject *arg)
{
    void *st = state_arg(arg);
    if (st == NULL) {
        return NULL;
    }
    pycomp_random_state_twist(st);
    Py_RETURN_NONE;
}

static PyObject *
rnd_seed(PyObject *self, PyObject *args)
{
    PyObject *ptr, *seed;
    if (!PyArg_ParseTuple(args, "OO:rnd_seed", &ptr, &seed)) {
        return NULL;
    }
    void *st = state_arg(ptr);
    if (st == NULL) {
        return NULL;
    }
    if (PyLong_Check(seed)) {
        unsigned long v = PyLong_AsUnsignedLong(seed);
        if (v == (unsigned long)-1 && PyErr_Occurred()) {
            return NULL;
        }
        if (v > 0xffffffffUL) {
            PyErr_SetString(PyExc_ValueError, "rnd_seed: the seed must be in [0, 2**32)");
            return NULL;
        }
        pycomp_random_state_seed(st, (uint32_t)v);
        Py_RETURN_NONE;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(seed, &view, PyBUF_SIMPLE) < 0) {
        return NULL;
    }
    size_t n = ((size_t)view.len + 3) / 4;
    uint32_t *words = PyMem_Calloc(n ? n : 1, sizeof(uint32_t));
    if (words == NULL) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    memcpy(words, view.buf, (size_t)view.len);
    PyBuffer_Release(&view);
    pycomp_random_state_seed_words(st, words, n ? n : 1);
    PyMem_Free(words);
    Py_RETURN_NONE;
}

static PyMethodDef random_methods[] = {
    {"rnd_get_np_state_ptr", rnd_get_np_state_ptr, METH_NOARGS,
     "The address of this thread's np.random state."},
    {"rnd_get_py_state_ptr", rnd_get_py_state_ptr, METH_NOARGS,
     "The address of this thread's state of Python's random module (in compiled code)."},
    {"rnd_get_state", rnd_get_state, METH_O, "rnd_get_state(ptr) -> (pos, [624 words])"},
    {"rnd_set_state", rnd_set_state, METH_VARARGS, "rnd_set_state(ptr, (pos, [624 words]))"},
    {"rnd_shuffle", rnd_shuffle, METH_O, "rnd_shuffle(ptr): compute the next 624 words now"},
    {"rnd_seed", rnd_seed, METH_VARARGS,
     "rnd_seed(ptr, seed): seed as np.random.seed(int), or by a buffer's bytes"},
    {NULL, NULL, 0, NULL},
};

int
pycomp_random_add_to_module(PyObject *m)
{
    return PyModule_AddFunctions(m, random_methods);
}
