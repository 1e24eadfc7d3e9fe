"""Whether a module reads attributes by a name computed at run time (issue 13).

`getattr(self, "_internal_dict", {})` (diffusers' `ConfigMixin.register_to_config`) names the
attribute it reads in a literal: it can only ever reach that attribute, so a method of another
name stays uncalled. A `getattr` whose name is not a literal, one handed on as a value, `vars`,
or a module that binds `getattr`/`vars` itself may reach any attribute."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import nodes_of_type
from codemods.analysis.unreached_getattrs import unreached_reads

_BY_NAME = ("getattr", "vars")


def reads_by_computed_name(scope, names: frozenset[str] | set[str]) -> bool:
    """Some code may read an attribute whose name is not spelled out, or one of `names` by a literal."""
    if any(scope.globals.binds(name) or name in scope.imports.bindings for name in _BY_NAME):
        return any(node.id in _BY_NAME for node in nodes_of_type(scope.tree, ast.Name))
    literal = {id(node.func) for node in nodes_of_type(scope.tree, ast.Call) if type(node.func) is ast.Name
               and node.func.id == "getattr" and len(node.args) in (2, 3) and not node.keywords
               and not any(type(arg) is ast.Starred for arg in node.args)
               and type(node.args[1]) is ast.Constant and type(node.args[1].value) is str
               and node.args[1].value not in names}
    unreached = unreached_reads(scope.tree, _BY_NAME)  # inside methods nothing calls (unreached_getattrs.py)
    return any(node.id in _BY_NAME and id(node) not in literal and id(node) not in unreached
               for node in nodes_of_type(scope.tree, ast.Name))
