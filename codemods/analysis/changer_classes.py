"""Classes that change in place what their construction is handed (issue 13, found by
adversarial12).

    class Editor:
        def __init__(self, section):
            self.section = section
        def freeze(self, axis):
            self.section["sync"].remove(axis)

    Editor(CONFIG["mesh"]).freeze("j")

The object `Editor(...)` is handed is kept in a field, and a method changes what that field holds
in place: CONFIG's section is changed where the analysis does not look. changed_args.py matches
functions that change a parameter by name; a class is such a changer when its `__init__` stores a
parameter as it is into a field (`self.section = section`) and some function of the class
changes that field's object in place (an item store or `del` under it, a mutator method called
on it or on an item of it). Any argument of a construction counts, as for functions: that can
only make a name unknown, never a finding.
"""
from __future__ import annotations

import ast


def changer_classes(tree: ast.Module) -> set[str]:
    """Names of the module's classes whose objects change in place what a construction hands them."""
    from codemods.analysis.mutation import MUTATORS, may_change  # (mutation reads this module's caller)

    found: set[str] = set()
    for cls in tree.body:
        if type(cls) is not ast.ClassDef:
            continue
        init = next((stmt for stmt in cls.body if type(stmt) is ast.FunctionDef and stmt.name == "__init__"), None)
        if init is None or not init.args.args:
            continue
        me = init.args.args[0].arg
        params = {arg.arg for arg in [*init.args.args[1:], *init.args.kwonlyargs]}
        kept = {target.attr for stmt in ast.walk(init) if type(stmt) is ast.Assign and type(stmt.value) is ast.Name
                and stmt.value.id in params for target in stmt.targets
                if type(target) is ast.Attribute and type(target.value) is ast.Name and target.value.id == me}
        if kept and _changes_fields(cls, kept, MUTATORS, may_change):
            found.add(cls.name)
    return found


def _changes_fields(cls: ast.ClassDef, fields: set[str], mutators, may_change) -> bool:
    for node in ast.walk(cls):
        changed = None
        if type(node) is ast.Subscript and type(node.ctx) in (ast.Store, ast.Del):
            changed = node.value
        elif type(node) is ast.AugAssign and (type(node.target) is ast.Subscript
                                              or type(node.value) in (ast.List, ast.ListComp, ast.Dict, ast.Set)):
            changed = node.target  # (`self.count += 1` rebinds a number: no change in place)
        elif type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in mutators and may_change(node):
            changed = node.func.value
        while type(changed) is ast.Subscript:
            changed = changed.value
        if type(changed) is ast.Attribute and changed.attr in fields and type(changed.value) is ast.Name:
            return True  # `self.section["sync"].remove(axis)`, `self.section.update(...)`
    return False
