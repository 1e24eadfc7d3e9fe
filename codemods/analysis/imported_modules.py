"""`importlib.import_module(name)` in a script run (script_run.py; issue 13).

Hydra-style `instantiate` finds a config's `_target_` ("jax.lax.psum", "jax.numpy.mean") with
`getattr(importlib.import_module(module), attr)`. Importing JAX's, NumPy's or the standard library's modules runs no
code of the program: the result is the library module by its name (a Lib, as an `import`
statement at the top of the module gives), and `getattr` on it names the library function. Any
other module (the program's own, or one whose import may do anything) stops the run.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Lib

IMPORTABLE = ("jax", "numpy", "math", "functools", "operator", "itertools", "collections", "json", "re", "string",
              "shlex", "statistics", "heapq", "bisect", "copy", "dataclasses", "enum", "typing", "textwrap", "random")
# (references.py: what such a module may reach; the standard-library ones, as `import` gives them)


def import_module(args: list, kwargs: dict) -> Lib:
    if len(args) != 1 or kwargs or type(args[0]) is not str:
        raise Bail  # (`package=` for a relative name: not modelled)
    name = args[0]
    parts = name.split(".")
    if parts[0] not in IMPORTABLE or not all(part.isidentifier() for part in parts):
        raise Bail
    return Lib(name)
