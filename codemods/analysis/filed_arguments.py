"""Module tables a class decorator fills with what it was GIVEN, not with the class (issue 13):
fairseq's `@register_model("transformer", dataclass=TransformerConfig)` with

    def register_model(name, dataclass=None):
        def wrap(cls):
            MODEL_REGISTRY[name] = cls
            ARCH_CONFIG_REGISTRY[name] = dataclass
            return cls
        return wrap

then `ARCH_CONFIG_REGISTRY[name]()` builds a TransformerConfig when `name` is "transformer".

`TABLE[key]` is read as the expression the decorator was given for that key (its argument, or
the factory's default), evaluated at module level, when the table is certainly filled by nothing
else: bound once to `{}`; stored into only by that one statement, at the top of the factory's
returned def (which only files, user_decorators.filed_tables), from two factory parameters
neither rebinds; every use of the factory a decorator of a module class with a literal string
key, no key twice; every other read of the table a `TABLE[key]` load inside a function (which
runs once the module has registered everything). A key the analysis does not know, or one no
decorator files, gives unknown.
"""
from __future__ import annotations

import ast

from codemods.analysis.argument_binding import bind, source_arguments
from codemods.analysis.decorators import returned_def
from codemods.analysis.mutation import MUTATORS
from codemods.analysis.nodes import iter_nodes, iter_with_scopes, module_parents
from codemods.analysis.user_decorators import filed_tables
from codemods.analysis.values import UNKNOWN, Const, Value


class FiledArguments:
    def eval_Subscript(self, expr: ast.Subscript, frame) -> Value:
        if type(expr.value) is ast.Name and type(expr.slice) is not ast.Slice \
                and (entries := self._filed_arguments().get(expr.value.id)) is not None \
                and not any(self.scope.locals_of(function).binds(expr.value.id) for function in _scopes_of(frame)):
            key = self.eval(expr.slice, frame)
            if not isinstance(key, Const) or type(key.value) is not str or key.value not in entries:
                return UNKNOWN
            return self.eval(entries[key.value], self.module_frame)
        return super().eval_Subscript(expr, frame)

    def _filed_arguments(self) -> dict[str, dict[str, ast.expr]]:
        found = self._class_tables.get("filed_arguments")
        if found is None:
            found = self._class_tables["filed_arguments"] = {}
            for stmt in self.scope.tree.body:
                if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name \
                        and type(stmt.value) is ast.Dict and not stmt.value.keys:
                    name = stmt.targets[0].id
                    if self.scope.globals.unique_value(name) is stmt.value and name not in self.scope.volatile:
                        entries = self._table_entries(name)
                        if entries is not None:
                            found[name] = entries
        return found

    def _table_entries(self, name: str) -> dict[str, ast.expr] | None:
        scope = self.scope
        stores = []
        for node in iter_nodes(scope.tree):
            if type(node) is ast.Subscript and not isinstance(node.ctx, ast.Load) and type(node.value) is ast.Name \
                    and node.value.id == name:
                stores.append(node)
            elif type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in MUTATORS \
                    and type(node.func.value) is ast.Name and node.func.value.id == name:
                return None
        if len(stores) != 1 or type(stores[0].ctx) is not ast.Store:
            return None
        store = stores[0]
        parents = module_parents(scope.tree)
        assign = parents.get(id(store))
        wrap = parents.get(id(assign))
        factory = parents.get(id(wrap))
        if type(assign) is not ast.Assign or len(assign.targets) != 1 or type(wrap) is not ast.FunctionDef \
                or type(factory) is not ast.FunctionDef or factory not in scope.tree.body \
                or returned_def(factory) is None or returned_def(factory)[0] is not wrap:
            return None
        params = [param.arg for param in factory.args.posonlyargs + factory.args.args]
        if factory.args.vararg or factory.args.kwarg or factory.args.kwonlyargs or factory.decorator_list:
            return None
        key, value = store.slice, assign.value
        if type(key) is not ast.Name or type(value) is not ast.Name or key.id not in params \
                or value.id not in params or key.id == value.id:
            return None
        if any(type(node) is ast.Name and node.id in (key.id, value.id) and not isinstance(node.ctx, ast.Load)
               or type(node) in (ast.Global, ast.Nonlocal) for node in iter_nodes(factory)):
            return None  # rebound before it is filed
        defaults = dict(zip(params[len(params) - len(factory.args.defaults):], factory.args.defaults))
        entries: dict[str, ast.expr] = {}
        uses = 0
        for stmt in scope.tree.body:
            for decorator in getattr(stmt, "decorator_list", ()):
                if type(decorator) is not ast.Call or type(decorator.func) is not ast.Name \
                        or decorator.func.id != factory.name:
                    continue
                if type(stmt) is not ast.ClassDef or filed_tables(scope, decorator) is None:
                    return None
                arguments = source_arguments(decorator)
                given = None if arguments is None else bind(params, *arguments)
                if given is None:
                    return None
                filed_key = given.get(key.id)
                filed = given.get(value.id, defaults.get(value.id))
                if type(filed_key) is not ast.Constant or type(filed_key.value) is not str \
                        or filed is None or filed_key.value in entries:
                    return None
                entries[filed_key.value] = filed
                uses += 1
        if not entries or uses != scope.module_references(factory.name):
            return None  # the factory used some other way
        for node, scopes in iter_with_scopes(scope.tree):
            if type(node) is ast.Name and node.id == name and isinstance(node.ctx, ast.Load):
                parent = parents.get(id(node))
                if parent is store:
                    continue
                if not scopes or type(parent) is not ast.Subscript or parent.value is not node \
                        or not isinstance(parent.ctx, ast.Load):
                    return None  # handed out, aliased, or read while the module registers
        return entries


def _scopes_of(frame) -> tuple:
    from codemods.analysis.user_decorators import lexical_scopes

    return lexical_scopes(frame)
