"""Calls of a def a decorator files in a registry (issue 13): `@register_experiment("next_txn")`
over `def next_txn(cfg, nll)`, run as `EXPERIMENTS["next_txn"](cfg, nll)`.

The def's name is never read, so by its name nothing calls it and its parameters stayed unknown.
But when the registry is one held.py reads as its entries (filled by nothing but such decorators,
each under a literal key, read only inside functions), every way the def can run is a read of the
registry: when each read is called at once (`TABLE[key](...)`), those calls are its calls, the
ones under its own literal key and every one whose key is not a literal (it may pick any entry).
A read of any other kind (handed on, iterated, `.get`) leaves the callers unknown.
"""
from __future__ import annotations

import ast


def registry_calls(interp, function: ast.FunctionDef) -> list[tuple[ast.Call, tuple]] | None:
    """The calls that may run `function` through the registries holding it ([] when none holds
    it); None when one holds it and is read other than by a call."""
    found: list[tuple[ast.Call, tuple]] = []
    parents = interp._parent_map()
    for table in interp._held_tables().values():
        keys = {key for key, node in table.entries if node is function}
        if not keys:
            continue
        if not table.registry or table.callees or table.keywords is not None:
            return None
        for read, scopes in table.reads:
            picked = parents.get(id(read))
            call = parents.get(id(picked))
            if type(picked) is not ast.Subscript or picked.value is not read or type(picked.ctx) is not ast.Load \
                    or type(call) is not ast.Call or call.func is not picked:
                return None
            if type(picked.slice) is not ast.Constant or picked.slice.value in keys:
                found.append((call, scopes))
    return found
