/* The library's errors as the compiled twin (_twin.c) and the compiled solver (_solver.c) raise
 * them: the classes of schwinget_spec.errors, how a refused value is shown (as
 * schwinget_spec.support.safe_text.shown shows it), and InvalidArgumentError naming the parameter.
 * Included by both after <Python.h>.
 */
#ifndef SCHWINGET_TWIN_ERRORS_H
#define SCHWINGET_TWIN_ERRORS_H

/* The class `name` of schwinget_spec.errors, looked up once into `*cache`. */
static PyObject *library_error(const char *name, PyObject **cache) {
    if (*cache == NULL) {
        PyObject *mod = PyImport_ImportModule("schwinget_spec.errors");
        if (mod == NULL) return NULL;
        *cache = PyObject_GetAttrString(mod, name);
        Py_DECREF(mod);
    }
    return *cache;
}

/* How a refused value is shown: its repr, at most 200 characters; an int whose repr Python
 * refuses (more than 4,300 digits) or a value whose __repr__ fails is named by its size or type. */
static PyObject *shown(PyObject *value) {
    PyObject *r = PyObject_Repr(value);
    if (r == NULL) {
        PyErr_Clear();
        if (PyLong_Check(value)) {
            PyObject *bits = PyObject_CallMethod((PyObject *)&PyLong_Type, "bit_length", "O", value);
            if (bits != NULL) {
                r = PyUnicode_FromFormat("an int of %S bits", bits);
                Py_DECREF(bits);
                return r;
            }
            PyErr_Clear();
        }
        return PyUnicode_FromFormat("a %.100s whose repr() fails", Py_TYPE(value)->tp_name);
    }
    if (PyUnicode_GET_LENGTH(r) > 200) {
        PyObject *cut = PyUnicode_Substring(r, 0, 200);
        Py_DECREF(r);
        if (cut == NULL) return NULL;
        r = PyUnicode_FromFormat("%U...", cut);
        Py_DECREF(cut);
    }
    return r;
}

/* Raise InvalidArgumentError(parameter, "<what>, got <shown(value)>"); value may be NULL. */
static void raise_invalid(const char *parameter, const char *what, PyObject *value) {
    static PyObject *cls = NULL;
    if (library_error("InvalidArgumentError", &cls) == NULL) return;
    PyObject *message = NULL;
    if (value == NULL) {
        message = PyUnicode_FromString(what);
    } else {
        PyObject *got = shown(value);
        if (got == NULL) return;
        message = PyUnicode_FromFormat("%s, got %U", what, got);
        Py_DECREF(got);
    }
    if (message == NULL) return;
    PyObject *exc = PyObject_CallFunction(cls, "sN", parameter, message);
    if (exc != NULL) {
        PyErr_SetObject(cls, exc);
        Py_DECREF(exc);
    }
}

#endif
