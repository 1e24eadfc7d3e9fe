"""Whether a module may run code the analysis cannot read that could set a context mesh.

`jax.set_mesh(mesh)` called as a plain statement sets the mesh for good (checked on jax 0.10.2),
so a helper of the user's own package (`from myproj.dist import setup_mesh`), or the mere import
of one whose top level calls it, may set the mesh before a `top_level_all_gather` that this
module reaches outside any `with`. SF104's "no context mesh" findings are certain only when every
module imported is one that sets no mesh on import nor in the functions a program calls from it:
the standard library, NumPy and JAX, except JAX's test helpers (`jtu.with_explicit_mesh` sets
one around the test it decorates).
"""
from __future__ import annotations

import ast
import sys

from codemods.analysis.nodes import nodes_of_type

# Top-level packages known not to set a context mesh (beside the standard library): JAX, NumPy,
# and the command-line runners that call a program's entry (their `instantiate`-like calls, which
# build whatever a config names, count as unread code below).
_MESH_FREE_PACKAGES = frozenset({"jax", "jaxlib", "numpy", "ml_dtypes", "absl", "fire", "click", "typer", "hydra",
                                 "omegaconf"})
# Calls that run code named at run time: a module by its name, a config's `_target_`.
_RUN_BY_NAME = frozenset({"__import__", "import_module", "instantiate", "locate"})


# JAX's own test helpers set meshes (`with_explicit_mesh` enters `set_mesh` around a test).
_MESH_SETTING_MODULES = ("jax._src.test_util", "jax.test_util")


def _mesh_free(module: str) -> bool:
    if module.startswith(_MESH_SETTING_MODULES):
        return False
    top = module.split(".", 1)[0]
    return top in _MESH_FREE_PACKAGES or top in sys.stdlib_module_names


def _imported_modules(node: ast.Import | ast.ImportFrom) -> list[str] | None:
    """The modules an import may run (a name imported from a package may be a submodule); None
    for a relative import (the user's own package)."""
    if type(node) is ast.Import:
        return [alias.name for alias in node.names]
    if node.level or not node.module:
        return None
    return [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]


def imports_unread_code(tree: ast.Module) -> bool:
    """Some import (at any depth: a function-local import runs when the function does) brings in a
    module outside those known to set no mesh, or code is named at run time
    (`importlib.import_module`, `__import__`, `hydra.utils.instantiate`)."""
    cached = getattr(tree, "_shardfix_unread_imports", None)
    if cached is None:
        cached = False
        for kind in (ast.Import, ast.ImportFrom):
            for node in nodes_of_type(tree, kind):
                modules = _imported_modules(node)
                if modules is None or not all(_mesh_free(module) for module in modules):
                    cached = True
        cached = cached or any(
            (type(node.func) is ast.Name and node.func.id in _RUN_BY_NAME)
            or (type(node.func) is ast.Attribute and node.func.attr in _RUN_BY_NAME)
            for node in nodes_of_type(tree, ast.Call))
        tree._shardfix_unread_imports = cached  # type: ignore[attr-defined]
    return cached
