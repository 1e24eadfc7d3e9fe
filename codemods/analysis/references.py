"""Which JAX objects a module reaches, read from its syntax tree: the engine's filter after
parsing (a rule whose APIs the module never reaches cannot fire).

Every name and attribute chain is resolved against every binding the module makes, wherever it
is written (module level, inside functions, try/except shims): a superset of what any one scope
sees, so the filter never skips a file a rule would report on. Imports count as references too
(`from jax.lax import pvary` is itself what SF201 rewrites).
"""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.bindings import bindings_of
from codemods.analysis.imported_modules import IMPORTABLE
from codemods.analysis.nodes import (
    calls_by_callee,
    module_nodes,
    module_parents,
    names_by_id,
    nodes_of_type,
)


def referenced_names(tree: ast.Module) -> frozenset[str]:
    """Canonical names of every chain (and each of its prefixes) that starts with a bound name."""
    cached = getattr(tree, "_shardfix_referenced", None)
    if cached is not None:
        return cached
    module_nodes(tree)  # first: the module's bindings read its index of nodes by type
    targets: dict[str, set[str]] = {}
    for name, bound in bindings_of(tree).items():
        if bound is not None:
            targets.setdefault(name, set()).add(bound)
    found: set[str] = set()
    # From the module's index of nodes by type: nothing here depends on the order.
    for node in [*nodes_of_type(tree, ast.Import), *nodes_of_type(tree, ast.ImportFrom)]:
        for local, target in _imported(node):
            targets.setdefault(local, set()).add(target)
            found.add(target)
    # Each prefix of a chain is a node of its own: from each bound name up through the
    # attributes holding it (`jax` -> `jax.lax` -> `jax.lax.psum`), every chain read once.
    # A chain met before (`jax.lax.psum` at every call) adds nothing new: each is resolved once.
    parents = module_parents(tree)
    seen: set[tuple[str, str]] = set()
    # The names spelling a bound name, from the module's index of names (a set is made: the
    # order does not matter).
    by_id = names_by_id(tree)
    for head in [head for name in targets.keys() & by_id.keys() for head in by_id[name]]:
        bases = targets[head.id]
        if (head.id, "") not in seen:
            seen.add((head.id, ""))
            found.update(jaxapi.canonical(base) for base in bases)
        rest = ""
        node = head
        parent = parents.get(id(node))
        while type(parent) is ast.Attribute and parent.value is node:
            rest = f"{rest}.{parent.attr}" if rest else parent.attr
            if (head.id, rest) not in seen:
                seen.add((head.id, rest))
                found.update(jaxapi.canonical(f"{base}.{rest}") for base in bases)
            node = parent
            parent = parents.get(id(node))
    found |= _read_by_getattr(tree, targets, parents)
    if "importlib.import_module" in found:  # a module imported by a computed name (imported_modules.py)
        found |= {f"{library}.*" for library in IMPORTABLE}
    result = frozenset(found)
    tree._shardfix_referenced = result  # the engine's filter and the rules share one tree
    return result


def _read_by_getattr(tree: ast.Module, targets: dict[str, set[str]], parents) -> set[str]:
    """`getattr(jax.lax, "psum")` reaches `jax.lax.psum`; `getattr(jax.lax, cfg["op"])` may reach
    any attribute of `jax.lax`, noted `jax.lax.*` (Rule.may_fire reads it: the analysis follows
    such a read when it knows the name, dynamic_attrs.py)."""
    found: set[str] = set()
    for call in calls_by_callee(tree).get("getattr", ()):  # the module's calls spelled `...getattr(...)`
        if type(call.func) is not ast.Name or len(call.args) < 2:
            continue
        chain, node = [], call.args[0]
        while type(node) is ast.Attribute:
            chain.append(node.attr)
            node = node.value
        if type(node) is not ast.Name or node.id not in targets:
            continue
        rest = ".".join(reversed(chain))
        name = call.args[1]
        leaf = name.value if type(name) is ast.Constant and isinstance(name.value, str) else "*"
        for base in targets[node.id]:
            module = f"{base}.{rest}" if rest else base
            found.add(jaxapi.canonical(f"{module}.{leaf}") if leaf != "*" else f"{jaxapi.canonical(module)}.*")
    return found


def _imported(stmt: ast.Import | ast.ImportFrom) -> list[tuple[str, str]]:
    """(local name, canonical target) of each name the import binds, and the imported module."""
    found = []
    if isinstance(stmt, ast.Import):
        for alias in stmt.names:
            head = alias.name.split(".")[0]
            found.append((alias.asname, jaxapi.canonical(alias.name)) if alias.asname else (head, head))
            found.append(("", jaxapi.canonical(alias.name)))
    elif not stmt.level and stmt.module:
        for alias in stmt.names:
            if alias.name != "*":
                found.append((alias.asname or alias.name, jaxapi.canonical(f"{stmt.module}.{alias.name}")))
    return found
