"""Build the optional compiled search core; everything else is in pyproject.toml.

The extension is optional: if it cannot be built, pip still installs pinosolve and the
double-dummy search falls back to the pure-Python reference (``pinosolve --version`` says
which one is in use).
"""

from glob import glob

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "pinosolve.play._core",
            sources=["pinosolve/play/_core.c"],
            # the binding includes the search core (search/core.c and its parts): one unit
            depends=["pinosolve/play/_core.h", *sorted(glob("pinosolve/play/search/*.[ch]"))],
            extra_compile_args=["-O3", "-std=c11"],
            optional=True,
        )
    ]
)
