"""Branches a program never takes, read by the shared interpreter (SF104's reach; issue 13).

`module_reads.in_false_branch` knows `if EXPORT:` of a module `EXPORT = False`. A script's own
options are the commoner switch: `args = parser.parse_args([])` then `if args.export:` with a
`store_true` flag, or `if cfg.export:` of a config the file builds. Where the test of an `if`
around the call, inside the call's own function, is a name or an attribute chain on one (or `not`
of those) and the interpreter knows its value for certain where the function reads it (a name
bound once, a namespace no code changes: the static frame's reading), a false test shuts the
body and a true one the `else`. Anything else leaves the branch open: a certain finding may only
be dropped here, never made.
"""
from __future__ import annotations

import ast

from codemods.analysis.values import Const
from codemods.context import FileContext

_FALSY_TYPES = (bool, int, float, str, type(None), tuple)


def in_untaken_branch(ctx: FileContext, node: ast.AST, parents) -> bool:
    """Whether `node` stands in the body of an `if` whose test is certainly false, or in the
    `else` of one whose test is certainly true, inside its own function."""
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                                         ast.ClassDef, ast.Module)):
        if isinstance(parent, ast.If) and child is not parent.test:
            truth = _certain_truth(ctx, parent.test)
            if truth is not None and truth == (child in parent.orelse):
                return True
        child, parent = parent, parents.get(id(parent))
    return False


def _certain_truth(ctx: FileContext, test: ast.expr) -> bool | None:
    negated = False
    while type(test) is ast.UnaryOp and type(test.op) is ast.Not:
        test, negated = test.operand, not negated
    inner = test
    while type(inner) is ast.Attribute:
        inner = inner.value
    if type(inner) is not ast.Name:
        return None  # a call or an operation may run code or read what the run changes
    from codemods.analysis.spec_symbols import _interpreter, _reads

    found = _reads(ctx).get(ctx.offsets(test))
    if found is None or found[0] is not test:
        return None  # inside a comprehension, a class body or a lambda's own parameters
    interp = _interpreter(ctx)
    interp.silent += 1  # read for its value only
    try:
        value = interp.eval(test, interp._static_frame(found[1]))
    finally:
        interp.silent -= 1
    if not isinstance(value, Const) or not isinstance(value.value, _FALSY_TYPES):
        return None
    return bool(value.value) != negated
