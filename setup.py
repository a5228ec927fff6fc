"""Build glue for the C extension(s) in csrc/; all metadata is in pyproject.toml."""

import numpy as np
from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "pycomp._helperlib",
            sources=["csrc/_helperlib.c", "csrc/numeric_helpers.c", "csrc/nrt.c", "csrc/nrt_python.c", "csrc/scalar_boxing.c",
                     "csrc/random.c", "csrc/random_python.c",
                     "csrc/random_dists.c", "csrc/unicode.c"],
            depends=["csrc/nrt.h", "csrc/numeric_helpers.h", "csrc/random.h", "csrc/unicode.h"],
            include_dirs=[np.get_include()],
            # _helperlib.c imports the NumPy C API; nrt_python.c shares its table
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_2_0_API_VERSION"),
                           ("PY_ARRAY_UNIQUE_SYMBOL", "pycomp_helperlib_ARRAY_API")],
            extra_compile_args=["-O2", "-std=c11"],
            libraries=["m"],
        ),
        Extension(
            "pycomp._dispatcher",
            sources=["csrc/_dispatcher.c"],
            include_dirs=[np.get_include()],
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_2_0_API_VERSION")],
            extra_compile_args=["-O2", "-std=c11"],
        ),
    ],
)
