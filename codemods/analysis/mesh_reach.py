"""Whether a call certainly runs without a context mesh, in a module that sets one elsewhere.

`top_level_all_gather` checks the context mesh before anything else, whatever its input. A helper
library calls it in a module function; the script sets `jax.set_mesh` for training but calls the
helper after the `with` block has closed. The call runs without a mesh when it stands outside any
`with` in a function every reference to which is a direct call that does so too, back to code at
module level (the `if __name__ == "__main__":` block). Read on Python's `ast` of the whole file.
A plain method of a module class without bases is followed through every `obj.name(...)` read in
the module, when no instance of the class (nor `self`) leaves the code seen. Anything else (a
nested or decorated function, a function passed as a value, a `with` of any kind on the way, a
setter called other than as a `with` item) is unknown (False).
"""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.bindings import ast_dotted, resolve_dotted
from codemods.analysis.nodes import module_parents

MAX_HOPS = 8


def unmeshed_path(tree: ast.Module, bindings: dict[str, str | None], call: ast.Call) -> list[str] | None:
    """The names of the functions from module-level code down to `call` (outermost first) when
    every way the module reaches `call` runs outside a context mesh; else None."""
    parents = module_parents(tree)
    if _sets_mesh_globally(tree, bindings, parents):
        return None
    functions = {stmt.name: stmt for stmt in tree.body if isinstance(stmt, ast.FunctionDef)}
    bound = module_binding_counts(tree)
    references = _references(tree)
    return _path(call, parents, functions, bound, references, frozenset(), 0)


def _path(node: ast.AST, parents, functions, bound, references, seen: frozenset[str], hops: int) -> list[str] | None:
    if hops > MAX_HOPS:
        return None
    function = _enclosing(node, parents)
    if function is None:
        return None
    if isinstance(function, ast.Module):
        return []
    name = function.name
    owner = parents.get(id(function))
    if isinstance(owner, ast.ClassDef):
        uses = _method_uses(function, owner, parents, references)
        name = f"{owner.name}.{name}"
    elif functions.get(name) is not function or bound.get(name) != 1:
        return None
    else:
        uses = references.get(name, [])
    if uses is None or function.decorator_list or name in seen \
            or any(isinstance(inner, (ast.Yield, ast.YieldFrom)) for inner in ast.walk(function)):
        return None  # a generator's body runs where it is iterated, not where it is called
    if not uses:
        return None  # called from elsewhere, if at all: its context is unknown
    longest: list[str] = []
    for use in uses:
        site = parents.get(id(use))
        if not (isinstance(site, ast.Call) and site.func is use):
            return None  # passed as a value (jax.jit(f), a callback): run where it is not seen
        path = _path(site, parents, functions, bound, references, seen | {name}, hops + 1)
        if path is None:
            return None
        longest = max(longest, path, key=len)
    return [*longest, name]


def _enclosing(node: ast.AST, parents) -> ast.Module | ast.FunctionDef | None:
    """The module or module-level function whose code runs `node` in place, when no `with`
    stands between them; None for anything else (a with, a lambda, a generator expression, a class,
    a nested def)."""
    child = node
    parent = parents.get(id(node))
    while parent is not None:
        if isinstance(parent, (ast.With, ast.AsyncWith)) and child in parent.body:
            return None
        if isinstance(parent, (ast.Lambda, ast.ClassDef, ast.AsyncFunctionDef, ast.GeneratorExp)):
            return None
        if isinstance(parent, ast.FunctionDef):
            owner = parents.get(id(parent))
            if isinstance(owner, ast.ClassDef):
                owner = parents.get(id(owner))
            return parent if isinstance(owner, ast.Module) and child in parent.body else None
        if isinstance(parent, ast.Module):
            return parent
        child, parent = parent, parents.get(id(parent))
    return None


def _method_uses(function: ast.FunctionDef, owner: ast.ClassDef, parents, references) -> list[ast.AST] | None:
    """Every `<obj>.name` read in the module, for a plain method of a module class without bases
    (nothing outside the file calls it by a protocol); None when the name is reached otherwise
    (assigned as an attribute, a dunder, `getattr`, a base class)."""
    name = function.name
    if owner.bases or owner.keywords or owner.decorator_list or name.startswith("__") \
            or references.get("getattr") or references.get("__getattribute__") \
            or not _instances_kept(owner, parents, references):
        return None
    uses: list[ast.AST] = []
    for node in references.get("." + name, []):
        if not isinstance(node.ctx, ast.Load):
            return None  # `obj.name = other`: another function may run under that name
        uses.append(node)
    return uses


def _instances_kept(owner: ast.ClassDef, parents, references) -> bool:
    """Whether no instance of the class leaves the code seen (code elsewhere may call its methods
    under a mesh): the class is only constructed, each instance used only as `obj.attr`, directly
    (`Cls(m).run(x)`) or through a name of one function, and its methods' `self` only as `self.attr`."""
    for use in references.get(owner.name, []):
        site = parents.get(id(use))
        if not (isinstance(site, ast.Call) and site.func is use) or not _receiver_only(site, parents, references):
            return False
    for method in owner.body:
        if isinstance(method, ast.FunctionDef) and method.args.args:
            me = method.args.args[0].arg
            for node in ast.walk(method):
                if isinstance(node, ast.Name) and node.id == me and not isinstance(parents.get(id(node)), ast.Attribute):
                    return False
    return True


def _receiver_only(value: ast.AST, parents, references) -> bool:
    """`value` (an instance) is only read as `value.attr`, or stored in one local name so read."""
    site = parents.get(id(value))
    if isinstance(site, ast.Attribute):
        return True
    if not (isinstance(site, ast.Assign) and len(site.targets) == 1 and isinstance(site.targets[0], ast.Name)):
        return False
    scope = _function_of(site, parents)
    name = site.targets[0].id
    if scope is None or any(isinstance(node, (ast.Nonlocal, ast.Global)) for node in ast.walk(scope)):
        return False
    return all(isinstance(node.ctx, ast.Load) and isinstance(parents.get(id(node)), ast.Attribute)
               for node in ast.walk(scope)
               if isinstance(node, ast.Name) and node.id == name and node is not site.targets[0])


def _function_of(node: ast.AST, parents) -> ast.FunctionDef | None:
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.Module, ast.Lambda, ast.ClassDef)):
        node = parents.get(id(node))
    return node if isinstance(node, ast.FunctionDef) else None


def _sets_mesh_globally(tree: ast.Module, bindings, parents) -> bool:
    """Whether a setter is referenced other than called as a `with` item (`jax.set_mesh(mesh)` as a
    statement sets the mesh for good; an alias may be called anywhere)."""
    setters = set(jaxapi.CONTEXT_MESH_SETTERS)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("__enter__", "enter_context"):
            return True  # a context entered by hand stays entered
        if not isinstance(node, (ast.Name, ast.Attribute)):
            continue
        name = ast_dotted(node)
        if not name or resolve_dotted(bindings, name) not in setters:
            continue
        call = parents.get(id(node))
        if not (isinstance(call, ast.Call) and call.func is node
                and isinstance(parents.get(id(call)), ast.withitem)):
            return True
    return False


def _references(tree: ast.Module) -> dict[str, list[ast.Name]]:
    """Every load of a name anywhere in the module (a local of the same name counts too: the
    answer is then only more often unknown)."""
    found: dict[str, list[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store):
            found.setdefault(node.id, []).append(node)
        elif isinstance(node, ast.Attribute):  # keyed ".attr": every read or store of an attribute name
            found.setdefault("." + node.attr, []).append(node)
    return found


def module_binding_counts(tree: ast.Module, with_params: bool = False) -> dict[str, int]:
    """How often each name is bound anywhere in the module (a def, an assignment, an import, a
    global; a parameter too, `with_params`): a function rebound anywhere is not followed."""
    counts: dict[str, int] = {}
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names = [node.id]
        elif with_params and isinstance(node, ast.arg):
            names = [node.arg]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [(alias.asname or alias.name).split(".")[0] for alias in node.names]
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names = list(node.names)
        for name in names:
            counts[name] = counts.get(name, 0) + 1
    return counts
