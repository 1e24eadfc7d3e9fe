"""A parameter every call leaves to its default, that default a read of a symbol: the symbol.

`AXIS = os.getenv("AXIS", "cand")` then `def make_fit(axis=AXIS)` called only as `make_fit()`:
the default is evaluated once, where the module runs the def, so `axis` holds the one value
`AXIS` holds in every run of `make_fit`. Reading `axis` as a symbol of its own would leave the
analysis unable to tell it apart from `AXIS` (the mesh's name), and every site over it withdrawn.
Only where every reference to the function is a call that leaves the parameter out: a call
that passes it anything (or a starred argument that might) keeps the parameter its own symbol.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import call_args, param_default
from codemods.analysis.chain_arguments import argument_for


def default_read(interp, function, param: ast.arg, read_chain, symbolic) -> tuple | None:
    """(None, symbol, kind, origin) of the symbol the default of `param` reads, or None.
    `read_chain` says a node is a chain of reads, `symbolic` the types a symbol's value has."""
    if function not in interp.scope.tree.body or interp.scope.class_of(function) is not None:
        return None  # a nested def evaluates its defaults at each run of its parent
    default = param_default(function.args, param)
    if default is None or type(default) is ast.Constant or not read_chain(default):
        return None
    calls, skip = interp._callers(function)
    if not calls:
        return None  # an entry point, or referenced other than by calls: given anything
    for call, _ in calls:
        if any(arg.star for arg in call_args(call)) or argument_for(call, function, param.arg, skip=skip) is not None:
            return None
    read = interp.eval(default, interp.module_frame)
    if type(read) not in symbolic or read.kind not in ("str", "strs"):
        return None
    return None, read.symbol, read.kind, ("function", id(function), param.arg)
