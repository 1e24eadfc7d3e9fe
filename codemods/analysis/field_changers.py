"""What `Classes._field_changers` answers when it cannot list field names (issue 13).

`setattr(obj, name, v)`, `vars(obj)` and the like may change any field of any object in place:
every field is then a changer, and `"*"` (in place) is one too. `dataclasses.replace(cfg,
**changes)` and `type(current)(value)` build new objects instead: any field of a copy may differ,
but an object whose fields are known from its construction keeps them, so `"*"` is not a changer.
"""
from __future__ import annotations

import ast


class Everything(frozenset):
    def __contains__(self, item: object) -> bool:
        return True


class AnyCopied(frozenset):
    """Any field may differ in a new object; none is changed in place."""

    def __contains__(self, item: object) -> bool:
        return item != "*"


def own_setattr_calls(tree: ast.Module) -> frozenset[int]:
    """Ids of `super().__setattr__` (the call and its attribute) in `def __setattr__(self, name,
    value)` of a module class: a store on an object of that class (Detectron2's `Instances`
    keeping `_`-names as attributes), no change of another object's fields nor of a dict's items.
    The class's own fields are then unknown (custom_setattr)."""
    found = tree.__dict__.get("_shardfix_own_setattr")
    if found is None:
        ids = set()
        for cls in (node for node in tree.body if type(node) is ast.ClassDef):
            for method in cls.body:
                if type(method) is ast.FunctionDef and method.name == "__setattr__" and not method.decorator_list \
                        and len(method.args.args) == 3 and not method.args.posonlyargs:
                    ids.update(id(part) for node in ast.walk(method) if type(node) is ast.Call
                               and type(node.func) is ast.Attribute and node.func.attr == "__setattr__"
                               and type(node.func.value) is ast.Call and type(node.func.value.func) is ast.Name
                               and node.func.value.func.id == "super" and not node.func.value.args
                               for part in (node, node.func))
        found = tree.__dict__["_shardfix_own_setattr"] = frozenset(ids)
    return found


def custom_setattr(scope, cls: ast.ClassDef) -> bool:
    """A class of the chain (or an unknown base, when the module has such a `__setattr__`)
    defines a `__setattr__` that own_setattr_calls reads: any field of its objects may hold what
    that method stored, not what the store wrote."""
    from codemods.analysis.object_methods import class_chain

    calls = own_setattr_calls(scope.tree)
    if not calls:
        return False
    chain = class_chain(scope, cls)
    return chain is None or any(type(method) is ast.FunctionDef and method.name == "__setattr__"
                                and any(id(node) in calls for node in ast.walk(method))
                                for klass in chain for method in klass.body)
