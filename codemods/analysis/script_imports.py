"""Import statements in a script run: each name bound to the library it names.

A run stands for the program on a machine where it runs, so an import outside any `try` is taken
to succeed (the program stops there otherwise). Inside a `try` with handlers (in this frame or a
calling one) an import of a package the run cannot know is installed may raise ImportError into
a fallback (`except ImportError: SYNC = ("i",)`): which branch runs depends on the machine, so the
run stops there. The standard library and JAX with its own dependencies are installed wherever
the program's shard_map runs.
"""
from __future__ import annotations

import ast
import sys

from codemods import jaxapi
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_library import constant as library_constant
from codemods.analysis.script_values import Lib
from codemods.analysis.text_streams import current_stdout
from codemods.analysis.own_module import imported_main

_INSTALLED = frozenset(sys.stdlib_module_names) | {"jax", "jaxlib", "numpy", "ml_dtypes", "opt_einsum", "scipy"}


def run_import(run, node: ast.Import | ast.ImportFrom, env) -> None:
    _warned(run, node)
    if type(node) is ast.Import:
        for alias in node.names:
            if (own := imported_main(run, alias)) is not NotImplemented:
                env.vars[alias.asname or alias.name] = own  # (`import __main__`: the script itself, own_module.py)
                continue
            _installed(run, alias.name)
            if alias.asname:
                env.vars[alias.asname] = Lib(alias.name)
            else:
                env.vars[alias.name.split(".")[0]] = Lib(alias.name.split(".")[0])
        return
    if node.level or node.module is None:
        raise Bail
    _installed(run, node.module)
    for alias in node.names:
        if alias.name == "*":
            raise Bail
        if node.module != "__future__":
            found = library_constant(jaxapi.canonical(f"{node.module}.{alias.name}"))
            if found is None and (node.module, alias.name) == ("sys", "stdout") and (now := current_stdout(run)) is not NotImplemented:
                found = now  # (imported inside `redirect_stdout`: text_streams.py)
            env.vars[alias.asname or alias.name] = Lib(f"{node.module}.{alias.name}") if found is None else found


def _warned(run, node: ast.Import | ast.ImportFrom) -> None:
    """Stop the run at an import made after the program added an "error" warnings filter
    (script_warnings.py), unless the run already made the same import of a JAX module: an import
    may warn, and under that filter raise (found by adversarial33; checked on jax 0.10.2: `from
    jax.experimental.pjit import pjit` and `from jax.experimental.shard_map import shard_map` issue
    a DeprecationWarning from the module's deprecation `__getattr__`, which raises under "error"
    on every import until one succeeds, after which `functools.cache` keeps the name and no import
    of it warns again; a module body may warn at its first import)."""
    if type(node) is ast.ImportFrom and (node.level or node.module is None):
        return
    keys = {(alias.name, None) for alias in node.names} if type(node) is ast.Import \
        else {(node.module, alias.name) for alias in node.names}
    done = run.__dict__.setdefault("_imports_made", set())
    if run.__dict__.get("_warnings_raise") and not all(key in done and key[0].split(".")[0] == "jax" for key in keys):
        raise Bail
    done |= keys


def _installed(run, module: str) -> None:
    if run.guarded and module.split(".")[0] not in _INSTALLED:
        raise Bail  # (a fallback may run instead: it depends on the machine)
