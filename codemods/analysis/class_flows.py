"""Where a class goes after its name is read (issue 13): the layer factories of model zoos hand a
class around before anything builds it. `get_norm_layer(name, **kw)` picks it from a table and
returns `partial(layer, **kw) if kw else layer`, called as `get_norm_layer(...)(dim)`;
`get_norm_act_layer(GatheredNormAct, act_layer="relu6")` hands it on, and the block's __init__
builds it from its parameter (`self.bn1 = norm_act_layer(chs)`); `{"blurpool": BlurPool2d}[name](c)`.

Each read of the class is followed through what only passes it on (a partial of it, a choice, a
`return` of a module function every reference of which is a call, a local or module name bound
once, a parameter of a module function or of a module class's own __init__, a dict display
subscripted at once or bound once as a module table read only by subscripts) to the calls that
may build with it. Any other use leaves the set unknown (None).

The calls are a superset of the real constructions, and their arguments are not __init__'s (a
partial binds some first): they serve only to know that every object of the class is analysed
(a `__call__` judged, object_methods.py / instances.py), never to agree a field's value.
"""
from __future__ import annotations

import ast

from codemods.jaxapi import PARTIAL
from codemods.analysis.nodes import DEFS, iter_nodes, iter_with_scopes, module_parents, positional_params

_MAX_DEPTH = 10
Calls = list[tuple[ast.Call, tuple]]


def reached_constructions(interp, cls: ast.ClassDef) -> Calls | None:
    """Every call that may build an object of `cls` (as above); None when some read of the class
    goes where no one can follow."""
    exact = interp._constructions(cls)
    if interp._class_tables.get(("constructions", id(cls))) is not None:
        return exact
    key = ("reached", id(cls))
    if key not in interp._class_tables:
        interp._class_tables[key] = _reached(interp.scope, cls, *interp._class_tables[("built", id(cls))])
    return interp._class_tables[key]


def _reached(scope, cls: ast.ClassDef, calls: Calls, others: list[ast.Name], registered: bool) -> Calls | None:
    from codemods.analysis.filing_hooks import hook_filings  # (which the registries' modules import)
    from codemods.analysis.registry_objects import object_constructions
    from codemods.analysis.subclass_registries import registries_holding

    found = list(calls)
    if not registered:  # a table read other than `TABLE[key](...)`: only display tables are followed here
        if cls.decorator_list or hook_filings(scope, cls) != []:
            return None
        objects, held = object_constructions(scope, cls), registries_holding(scope, cls)
        if objects is None or held is None:
            return None
        flows = _Flows(scope)
        found += [(call, flows.scopes_of(call)) for call in objects] + [(call, ()) for _, built in held for call in built]
    flows = _Flows(scope)
    for node in others:
        more = flows.reached(node, 0)
        if more is None:
            return None
        found += more
    return found


class _Flows:
    def __init__(self, scope) -> None:
        from codemods.analysis.class_registries import key_test, keyword_table  # (which imports instances.py)

        self.key_test, self.keyword_table = key_test, keyword_table
        self.scope = scope
        self.parents = module_parents(scope.tree)

    def scopes_of(self, node: ast.AST) -> tuple:
        return node_scopes(self.scope, node)

    def reached(self, expr: ast.expr, depth: int) -> Calls | None:
        """The calls building with what `expr` evaluates to (the class, or a partial of it)."""
        if depth > _MAX_DEPTH:
            return None
        parent = self.parents.get(id(expr))
        kind = type(parent)
        if kind is ast.Call and parent.func is expr:
            return [(parent, self.scopes_of(parent))]
        if kind is ast.Call and parent.args and parent.args[0] is expr \
                and self.scope.resolve(parent.func, self._defs(parent)) == PARTIAL:
            return self.reached(parent, depth + 1)  # `partial(layer, **kw)`: calling it builds
        if kind is ast.IfExp and expr is not parent.test or kind is ast.BoolOp:
            return self.reached(parent, depth + 1)  # `partial(...) if kw else layer`, `norm or Norm`
        if kind is ast.Return:
            return self._returned(parent, depth)
        if kind is ast.Assign and parent.value is expr and len(parent.targets) == 1 and type(parent.targets[0]) is ast.Name:
            return self._bound(parent.targets[0], expr, depth)
        if kind is ast.Dict and expr in parent.values:
            return self._displayed(parent, depth)
        if kind is ast.keyword and parent.arg is not None:
            call = self.parents.get(id(parent))
            if self.keyword_table(self.scope, call):
                return self._displayed(call, depth)
            return self._handed(call, parent.arg, None, depth)
        if kind is ast.Call and expr in parent.args:
            index = parent.args.index(expr)
            if any(type(arg) is ast.Starred for arg in parent.args[:index + 1]):
                return None
            return self._handed(parent, None, index, depth)
        if kind is ast.Subscript and parent.value is expr and type(parent.ctx) is ast.Load \
                and type(expr) is ast.Dict and type(parent.slice) is not ast.Slice:
            return self.reached(parent, depth + 1)  # `{"blurpool": BlurPool2d}[name]`: one of its values
        return None

    def _defs(self, node: ast.AST) -> tuple:
        return tuple(scope for scope in self.scopes_of(node) if isinstance(scope, DEFS))

    def _enclosing(self, node: ast.AST) -> ast.AST | None:
        parent = self.parents.get(id(node))
        while parent is not None and not isinstance(parent, DEFS + (ast.Lambda, ast.ClassDef)):
            parent = self.parents.get(id(parent))
        return parent

    def _returned(self, stmt: ast.Return, depth: int) -> Calls | None:
        """`return layer` in a module function every reference of which is a call: each call."""
        function = self._enclosing(stmt)
        if type(function) is not ast.FunctionDef or function.decorator_list \
                or self.scope.globals.unique_function(function.name) is not function \
                or function.name in self.scope.volatile:
            return None
        found: Calls = []
        for read in self._name_reads(function.name):
            call = self.parents.get(id(read))
            if type(call) is not ast.Call or call.func is not read:
                return None  # handed on: called from anywhere
            more = self.reached(call, depth + 1)
            if more is None:
                return None
            found += more
        return found

    def _name_reads(self, name: str) -> list[ast.Name]:
        return [node for node in iter_nodes(self.scope.tree) if type(node) is ast.Name and node.id == name]

    def _bound(self, target: ast.Name, value: ast.expr, depth: int) -> Calls | None:
        """`layer = <it>` bound once, in a function or at module level: every read of the name."""
        function = self._enclosing(target)
        if function is None:
            if self.scope.globals.unique_value(target.id) is not value or target.id in self.scope.volatile:
                return None
            reads = [read for read in self._name_reads(target.id) if read is not target]
        elif isinstance(function, DEFS) and self.scope.locals_of(function).unique_value(target.id) is value:
            reads = self._local_reads(function, target.id, target)
        else:
            return None
        return self._all_reached(reads, depth)

    def _local_reads(self, function: ast.AST, name: str, own: ast.AST | None) -> list[ast.Name] | None:
        """The reads of `name` in `function` when nothing there binds it again (nor shadows it in a
        nested scope); None otherwise."""
        reads = []
        for node in iter_nodes(function):
            if node is own:
                continue
            if type(node) is ast.Name and node.id == name:
                if type(node.ctx) is not ast.Load:
                    return None
                reads.append(node)
            elif type(node) in (ast.Global, ast.Nonlocal) and name in node.names:
                return None
            elif isinstance(node, DEFS + (ast.Lambda,)) and node is not function \
                    and name in {arg.arg for arg in ast.walk(node.args) if type(arg) is ast.arg}:
                return None
        return reads

    def _all_reached(self, reads: list[ast.Name] | None, depth: int) -> Calls | None:
        if reads is None:
            return None
        found: Calls = []
        for read in reads:
            more = self.reached(read, depth + 1)
            if more is None:
                return None
            found += more
        return found

    def _handed(self, call: ast.Call, keyword: str | None, index: int | None, depth: int) -> Calls | None:
        """Handed to a module function, or to the own __init__ of a module class: the reads of
        the parameter it lands in."""
        if type(call) is not ast.Call or type(call.func) is not ast.Name:
            return None
        name, defs = call.func.id, self._defs(call)
        if any(self.scope.locals_of(function).binds(name) for function in defs) or name in self.scope.volatile:
            return None
        function, skip = self.scope.globals.unique_function(name), 0
        if function is None and name in self.scope.classes:
            function, skip = own_init(self.scope, self.scope.classes[name]), 1
        if type(function) is not ast.FunctionDef or function.decorator_list:
            return None
        params = positional_params(function.args)[skip:]
        if keyword is not None:
            found = [param for param in params + function.args.kwonlyargs if param.arg == keyword]
        else:
            found = params[index:index + 1] if index < len(params) else []
        if len(found) != 1:
            return None
        return self._all_reached(self._local_reads(function, found[0].arg, None), depth)

    def _displayed(self, display: ast.expr, depth: int) -> Calls | None:
        """A dict display holding it: subscripted at once, or bound once to a module table every
        read of which picks an entry (`TABLE[key]`, `TABLE.get(key)`) or tests a key."""
        holder = self.parents.get(id(display))
        if type(holder) is ast.Subscript and holder.value is display:
            return self.reached(display, depth + 1)
        if type(holder) is not ast.Assign or holder.value is not display or len(holder.targets) != 1 \
                or type(holder.targets[0]) is not ast.Name or self._enclosing(holder) is not None:
            return None
        table = holder.targets[0].id
        if self.scope.globals.unique_value(table) is not display or table in self.scope.volatile:
            return None
        found: Calls = []
        for read in self._name_reads(table):
            if read is holder.targets[0] or self.key_test(read, self.parents):
                continue
            parent = self.parents.get(id(read))
            if type(read.ctx) is not ast.Load:
                return None
            if type(parent) is ast.Subscript and parent.value is read and type(parent.ctx) is ast.Load \
                    and type(parent.slice) is not ast.Slice:
                more = self.reached(parent, depth + 1)
            elif type(parent) is ast.Attribute and parent.attr == "get" \
                    and type(call := self.parents.get(id(parent))) is ast.Call and call.func is parent:
                more = self.reached(call, depth + 1)
            else:
                return None
            if more is None:
                return None
            found += more
        return found


def node_scopes(scope, node: ast.AST) -> tuple:
    """The defs around a call or a name, innermost last."""
    cache = scope.tree.__dict__.get("_shardfix_flow_scopes")
    if cache is None:
        cache = scope.tree.__dict__["_shardfix_flow_scopes"] = {
            id(each): scopes for each, scopes in iter_with_scopes(scope.tree) if type(each) in (ast.Call, ast.Name)}
    return cache.get(id(node), ())


def own_init(scope, cls: ast.ClassDef, depth: int = 0) -> ast.FunctionDef | None:
    """The class's own `__init__`, when nothing else may run at construction (a decorator, a
    `__new__`, a base outside the module)."""
    if cls.decorator_list or cls.keywords or any(type(base) is not ast.Name or base.id not in scope.classes
                                                  and base.id != "object" for base in cls.bases):
        return None
    inits = [member for member in cls.body if isinstance(member, DEFS) and member.name == "__init__"]
    if len(inits) != 1 or any(isinstance(member, DEFS) and member.name == "__new__" for member in cls.body) \
            or type(inits[0]) is not ast.FunctionDef or inits[0].decorator_list:
        return None
    for base in cls.bases:  # a base's `__new__` runs first
        if base.id != "object" and (depth > _MAX_DEPTH or _news(scope, scope.classes[base.id], depth + 1)):
            return None
    return inits[0]


def _news(scope, cls: ast.ClassDef, depth: int) -> bool:
    """Whether `cls` or a base may run something at construction besides the subclass's __init__."""
    if cls.decorator_list or cls.keywords or depth > _MAX_DEPTH \
            or any(isinstance(member, DEFS) and member.name in ("__new__", "__init_subclass__") for member in cls.body):
        return True
    return any(type(base) is not ast.Name or base.id != "object" and (
        base.id not in scope.classes or _news(scope, scope.classes[base.id], depth + 1)) for base in cls.bases)
