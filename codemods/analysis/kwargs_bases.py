"""A keyword an `__init__` hands on through `**kwargs` to its base's (issue 13), Keras style:

    class RowParallelDense(Layer):
        def __init__(self, units, axis_name="model", **kwargs):
            super().__init__(**kwargs)

`RowParallelDense(4, activity_regularizer=L2())` gives `activity_regularizer` to
`Layer.__init__`, which stores it. Followed when the subclass's `__init__` reads its `**kwargs`
only as the one `super().__init__(**kwargs)` statement of its own body (nothing added, nothing
taken out), the class has exactly one base, a module class, and that base's `__init__` names the
keyword (or hands it on the same way).
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import nodes_of_type, positional_params
from codemods.analysis.scopes import method_kind
from codemods.analysis.super_calls import is_super_call


def keyword_owner(scope, cls: ast.ClassDef, init: ast.FunctionDef, keyword: str, depth: int = 0):
    """The `__init__` (and its parameters) that receives `keyword` given to `cls(...)` whose own
    `__init__` is `init`; None when it is not plain to see."""
    params = positional_params(init.args)
    if keyword in {param.arg for param in params[1:] + init.args.kwonlyargs}:
        return init, params
    spread = init.args.kwarg
    if spread is None or depth > 4 or len(cls.bases) != 1 or type(cls.bases[0]) is not ast.Name \
            or cls.bases[0].id not in scope.classes:
        return None
    reads = [node for node in nodes_of_type(init, ast.Name) if node.id == spread.arg]
    handing = [stmt for stmt in init.body if type(stmt) is ast.Expr and _hands_on(stmt.value, spread.arg)]
    if len(reads) != 1 or len(handing) != 1:
        return None
    base = scope.classes[cls.bases[0].id]
    inits = [member for member in base.body if type(member) is ast.FunctionDef and member.name == "__init__"]
    if len(inits) != 1 or inits[0].decorator_list or method_kind(inits[0]) != "plain":
        return None
    return keyword_owner(scope, base, inits[0], keyword, depth + 1)


def _hands_on(call: ast.expr, spread: str) -> bool:
    """`super().__init__(**spread)`, nothing else given."""
    return type(call) is ast.Call and type(call.func) is ast.Attribute and call.func.attr == "__init__" \
        and is_super_call(call.func.value) and not call.args and len(call.keywords) == 1 \
        and call.keywords[0].arg is None and type(call.keywords[0].value) is ast.Name \
        and call.keywords[0].value.id == spread
