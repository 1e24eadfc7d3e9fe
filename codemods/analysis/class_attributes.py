"""Names a class body binds for its class alone: `publish: P` of a NamedTuple or dataclass, a
method `def export(self)`, `SCALE = 2` in a class body. Functions and methods never see a class
body's scope, so such a binding leaves a module function or name of the same spelling as it is:
counting it as a rebinding of the module's name only hides callers."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import nodes_of_type


def class_own_bindings(tree: ast.Module) -> frozenset[int]:
    """The names a class body binds for its class alone (`publish: P` of a NamedTuple, a method
    `def publish(self)`): they leave a module function of that name as it is. A name the class
    body also reads stays out (`class A: publish = f; out = publish(x)` reads the class's)."""
    cached = getattr(tree, "_shardfix_class_own", None)
    if cached is not None:
        return cached
    found: set[int] = set()
    for cls in nodes_of_type(tree, ast.ClassDef):
        stored: dict[str, list[ast.AST]] = {}
        read: set[str] = set()
        pending = list(cls.body)
        while pending:  # the class's own code: not the bodies of its methods, lambdas or classes
            node = pending.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                stored.setdefault(node.name, []).append(node)
                pending.extend([*node.decorator_list, *getattr(node, "bases", ()),
                                *(keyword.value for keyword in getattr(node, "keywords", ()))])
                if not isinstance(node, ast.ClassDef):
                    pending.extend([*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)])
                continue
            if isinstance(node, ast.Lambda):
                pending.extend([*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)])
                continue
            if isinstance(node, ast.Name):
                if isinstance(node.ctx, ast.Store):
                    stored.setdefault(node.id, []).append(node)
                else:
                    read.add(node.id)
            elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
                read.add(node.target.id)
            pending.extend(ast.iter_child_nodes(node))
        found.update(id(node) for name, nodes in stored.items() if name not in read for node in nodes)
    tree._shardfix_class_own = result = frozenset(found)
    return result
