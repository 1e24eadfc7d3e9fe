"""Whether one round of a loop over keys reaches a line, its guards read for that key.

`for name, target in PLAN.items(): if target is None: continue; ... gather(tree[name], target)`
skips some keys before the line and reaches it for the others. With the loop variables bound to
one key (loop_keys.py), a guard `if X is None` / `if X is not None` / `if not X` / `if X` whose
X is bound to a literal (None, a string, a number, a spec or a dict literal), or `if X == "k"` /
`!=` of a key bound to a string, is decided for that key. A round certainly reaches the line when it is a statement of the loop's own body and every
statement before it is a plain statement that never leaves the round, or such a decided `if`
(without `else`) that does not run its body, or runs one that never leaves the round. Anything
else is unknown (None).
"""
from __future__ import annotations

from codemods.analysis.spec_sources import Env, follow_spec
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_JUMPS = ("Continue", "Break", "Return", "Raise")


def reaches(ctx: FileContext, node: cst.CSTNode, body: cst.CSTNode, env: Env) -> bool | None:
    """Whether the round `env` binds reaches `node` in the loop body `body`: True, False (a
    guard skips it), None (unknown)."""
    from codemods.analysis.local_names import parents

    if not isinstance(body, cst.IndentedBlock):
        return None
    statement = node
    while statement is not None and parents(ctx).get(statement) is not body:
        statement = parents(ctx).get(statement)
        if type(statement).__name__ in ("If", "Try", "While", "For", "IfExp", "BooleanOperation", "Lambda",
                                        "FunctionDef", "GeneratorExp", "ListComp", "SetComp", "DictComp", "Match"):
            return None
    if statement is None or _jumps(statement):
        return None
    for line in body.body:
        if line is statement:
            return True
        if isinstance(line, cst.SimpleStatementLine):
            if _jumps(line):
                return None
            continue
        if not isinstance(line, cst.If) or line.orelse is not None:
            return None
        taken = _decided(ctx, line.test, env)
        if taken is None:
            return None
        if taken and _jumps(line.body):
            return False if _always_jumps(line.body) else None
    return None


def _jumps(node: cst.CSTNode) -> bool:
    stack = [node]
    while stack:
        current = stack.pop()
        if type(current).__name__ in _JUMPS:
            return True
        if not isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            stack.extend(current.children)
    return False


def _always_jumps(block: cst.CSTNode) -> bool:
    """A block whose statements end in `continue` (or break, return, raise) at its own level."""
    lines = block.body if isinstance(block, cst.IndentedBlock) else [block]
    last = lines[-1] if lines else None
    if isinstance(block, cst.SimpleStatementSuite):
        return bool(block.body) and type(block.body[-1]).__name__ in _JUMPS
    return isinstance(last, cst.SimpleStatementLine) and bool(last.body) and type(last.body[-1]).__name__ in _JUMPS


def _decided(ctx: FileContext, test: cst.BaseExpression, env: Env) -> bool | None:
    """The guard's truth for this round, when it tests a variable bound to a literal."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = _decided(ctx, test.expression, env)
        return None if inner is None else not inner
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
            and isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None":
        operator = test.comparisons[0].operator
        value = _literal(ctx, test.left, env)
        if value is None:
            return None
        if isinstance(operator, cst.Is):
            return value == "none"
        if isinstance(operator, cst.IsNot):
            return value != "none"
        return None
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
            and isinstance(test.comparisons[0].operator, (cst.Equal, cst.NotEqual)):
        same = _same_string(ctx, test.left, test.comparisons[0].comparator, env)
        if same is None:
            return None
        return same if isinstance(test.comparisons[0].operator, cst.Equal) else not same
    value = _literal(ctx, test, env)
    return {"none": False, "true": True}.get(value) if value is not None else None


def _same_string(ctx: FileContext, left: cst.BaseExpression, right: cst.BaseExpression, env: Env) -> bool | None:
    """`name == "seeds"` of a key bound to a string literal this round: whether both are the same
    string (anything but two strings is unknown: `==` of other objects may mean anything)."""
    texts = []
    for side in (left, right):
        held = follow_spec(ctx, side, env)[0] if isinstance(side, cst.Name) else side
        text = held.evaluated_value if isinstance(held, cst.SimpleString) else None
        if not isinstance(text, str):
            return None
        texts.append(text)
    return texts[0] == texts[1]


def _literal(ctx: FileContext, node: cst.BaseExpression, env: Env) -> str | None:
    """"none" for None, "true" for a value certainly truthy (a spec, a non-empty literal), else None."""
    if not isinstance(node, cst.Name):
        return None
    held, _ = follow_spec(ctx, node, env)
    if isinstance(held, cst.Name) and held.value == "None":
        return "none"
    if isinstance(held, cst.Call) and ctx.imports.resolve(held.func) in ("jax.sharding.PartitionSpec",
                                                                        "jax.sharding.NamedSharding"):
        return "true"
    if isinstance(held, (cst.Dict, cst.Tuple, cst.List)) and held.elements:
        return "true"
    if isinstance(held, cst.SimpleString) and len(held.evaluated_value or "") > 0:
        return "true"
    return None
