"""What a function made by a maker may do to the object of one of the maker's variables it reads
(closure_cells.py): every read of the cell is followed through what it is used in, and the read
is harmless only where its use is one of a closed list of forms known to leave the object as it
is (an item or attribute read, a comparison, a test, a method that only reads, a builtin that
only looks, a copy, an alias followed the same way). Any other use counts as a change, however
it is spelled: `dict.update(state, ...)`, `list.append(state, a)`, `getattr(state, "update")(...)`,
`operator.methodcaller(...)(state)`, `[state][0][k] = a`, a lambda or a comprehension handed it,
`functools.partial(dict.update, state)` (found by adversarial30; listing the spellings that change
it missed each of these).

A change reaches either the object itself (WHOLE) or only the objects inside it (PART: an item
handed to a call, a method called on an item); a PART change matters only when the cell's value
holds something that can change (closure_cells.cell_changed). A read returned by the made
function leaves the maker: that is the maker's results' concern (escapes), followed here only
where the maker's own functions call the one returning it."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import iter_nodes, module_parents

WHOLE, PART = 2, 1
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
# Methods that read a dict, list, set or tuple and change nothing: those whose result is a number,
# a bool or the keys, and those whose result may hold the object's items.
_LOOKING_METHODS = frozenset({"count", "index", "keys", "__contains__", "__len__", "isdisjoint", "issubset",
                              "issuperset"})
_ITEM_METHODS = frozenset({"get", "__getitem__"})  # (an item of it)
_COPY_METHODS = frozenset({"values", "copy", "__iter__", "union", "intersection", "difference",
                           "symmetric_difference", "__copy__"})  # (a new container of its items)
# Builtins that look at an object and keep nothing of it.
_LOOKERS = frozenset({"len", "isinstance", "bool", "hash", "id", "type", "callable", "repr", "str", "print", "format",
                      "ascii", "any", "all", "sum", "hasattr"})
# Builtins whose result is a new container of the object's items (level kept, fresh), or one item.
_COPIERS = frozenset({"list", "tuple", "sorted", "set", "frozenset", "dict", "reversed", "iter"})
_PICKERS = frozenset({"next", "min", "max"})
# Calls that reach a frame's variables without naming them.
_FRAME_READERS = frozenset({"locals", "vars", "eval", "exec", "_getframe", "currentframe", "getouterframes", "stack"})


def changes(scope, maker: ast.AST, inner: ast.AST, name: str) -> int:
    """WHOLE | PART: how `inner` (a function nested in `maker`) may change the object of
    `maker`'s variable `name` through its reads of it (0: it cannot)."""
    reads = [node for node in iter_nodes(inner) if type(node) is ast.Name and node.id == name
             and isinstance(node.ctx, ast.Load)]
    if not reads:
        return 0
    if any(type(node) is ast.Call and _callee(node) in _FRAME_READERS for node in iter_nodes(inner)):
        return WHOLE  # (`eval("state.clear()")`, `locals()["state"]`: a read not spelled)
    walk = _Walk(scope, maker, inner)
    for node in reads:
        walk.use(node, 0, False)
        if walk.found & WHOLE:
            break
    return walk.found


def _callee(call: ast.Call) -> str | None:
    func = call.func
    return func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else None


class _Walk:
    """The reads of one cell in one made function, followed; `found` gathers the changes."""

    def __init__(self, scope, maker: ast.AST, inner: ast.AST) -> None:
        self.scope, self.maker, self.inner = scope, maker, inner
        self.parents = module_parents(scope.tree)
        self.found = 0
        self.seen: set = set()
        self.shadowing = _module_bound(scope.tree)

    def change(self, level: int) -> None:
        self.found |= WHOLE if level <= 0 else PART

    def use(self, node: ast.AST, level: int, fresh: bool) -> None:
        """`node` evaluates to the object (level 0), to something inside it (level > 0) or to a
        new container holding it (level < 0); `fresh`: a container this code just made."""
        key = (id(node), level, fresh)
        if key in self.seen or len(self.seen) > 2000:
            if len(self.seen) > 2000:
                self.change(level)  # (too many uses to follow: unsure)
            return
        self.seen.add(key)
        parent = self.parents.get(id(node))
        kind = type(parent)
        if kind is ast.Subscript:
            if parent.value is not node:
                return  # used as a key
            if isinstance(parent.ctx, ast.Load):
                return self.use(parent, level + 1, False)
            if not fresh:
                self.change(level)  # `state[k] = a`, `del state[k]`
            return
        if kind is ast.Attribute:
            if not isinstance(parent.ctx, ast.Load):
                if not fresh:
                    self.change(level)  # `state.axes = a`
                return
            return self.bound(parent, parent.attr, level, fresh)
        if kind is ast.Call:
            return self.call(parent, node, level, fresh)
        if kind is ast.keyword:  # (`f(**state)`: a new dict of its items)
            return self.call(self.parents.get(id(parent)), node, level + (parent.arg is None), fresh)
        if kind is ast.Starred:
            outer = self.parents.get(id(parent))
            if type(outer) is ast.Call:
                return self.call(outer, parent, level + 1)  # `f(*state)`: its items handed on
            return self.use(parent, level + 1, False)  # `[*state]`: its items in a display
        if kind in (ast.List, ast.Tuple) and isinstance(parent.ctx, ast.Load) or kind is ast.Set:
            return self.use(parent, level - 1, True)
        if kind is ast.Dict:
            if any(key is node for key in parent.keys):
                return  # a key: hashed, kept as it is
            if any(key is None and value is node for key, value in zip(parent.keys, parent.values)):
                return self.use(parent, level, True)  # `{**state}`: a new dict of its items
            return self.use(parent, level - 1, True)
        if kind in (ast.Compare, ast.Expr, ast.FormattedValue, ast.Assert, ast.If, ast.While, ast.Slice):
            return  # read, kept nowhere
        if kind is ast.UnaryOp:
            return  # (`not state`; `-state` gives a new value)
        if kind is ast.BinOp:
            return self.use(parent, level, True)  # `state + [a]`: a new container of its items
        if kind is ast.BoolOp:
            return self.use(parent, level, fresh)  # `state or {}`: the result may be it
        if kind is ast.IfExp:
            return None if parent.test is node else self.use(parent, level, fresh)
        if kind is ast.NamedExpr:
            self.alias(parent.target, level, fresh)
            return self.use(parent, level, fresh)
        if kind in (ast.Assign, ast.AnnAssign) and parent.value is node:
            for target in parent.targets if kind is ast.Assign else [parent.target]:
                self.alias(target, level, fresh)
            return
        if kind is ast.comprehension:
            if parent.iter is node:
                return self.alias(parent.target, level + 1, False)
            return  # an `if` of it: a test
        if kind in (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp):
            return self.use(parent, level - 1, True)  # an element: the result holds it
        if kind in (ast.For, ast.AsyncFor) and parent.iter is node:
            return self.alias(parent.target, level + 1, False)
        if kind is ast.Return or kind is ast.Lambda and parent.body is node:
            return self.returned(parent, level, fresh)
        self.change(level)  # anything else (a default, `with`, `yield`, a call of it...): may change it

    def bound(self, attribute: ast.AST, name: str, level: int, fresh: bool) -> None:
        """`attribute` (`state.NAME`, or `getattr(state, "NAME")`) read: called, or handed on."""
        call = self.parents.get(id(attribute))
        if type(call) is ast.Call and call.func is attribute:
            if name in _LOOKING_METHODS:
                return None
            if name in _ITEM_METHODS:
                return self.use(call, level + 1, False)  # `state.get("axes")`: maybe an item of it
            if name in _COPY_METHODS:
                return self.use(call, level, True)  # `state.copy()`: a new container of its items
            if name == "items":
                return self.use(call, level - 1, True)  # pairs holding its items
            if not fresh:
                self.change(level)  # `state.update(...)`, `state.__ior__(...)`: not known to only read
            return None
        # A field, `__dict__`, or a bound method handed on (called later: a change, as the object's).
        self.use(attribute, level, fresh)

    def call(self, call: ast.Call | None, node: ast.AST, level: int, fresh: bool = False) -> None:
        """`node` (the object at `level`) handed to `call` as an argument, or called."""
        if call is None:
            return self.change(level)
        if call.func is node:
            return self.change(level)  # the object, or an item of it, called
        func = call.func
        builtin = func.id if type(func) is ast.Name and func.id not in self.shadowing else None
        if builtin == "getattr" and call.args and call.args[0] is node and len(call.args) == 2 \
                and type(call.args[1]) is ast.Constant and type(call.args[1].value) is str:
            return self.bound(call, call.args[1].value, level, fresh)
        if builtin in _LOOKERS:
            return
        if builtin in _COPIERS | _PICKERS and call.keywords:
            self.change(level + 1)  # (`sorted(state, key=f)`: f is handed its items)
        if builtin in _COPIERS:
            return self.use(call, level, True)
        if builtin in _PICKERS:
            return self.use(call, level + 1, False)
        self.change(level)  # a call not known to leave it as it is

    def alias(self, target: ast.AST, level: int, fresh: bool) -> None:
        """The object (at `level`) bound to `target`: the name's reads are followed as the cell's."""
        if type(target) is ast.Name:
            function = self._function_of(target)
            if function is None or any(type(node) in (ast.Global, ast.Nonlocal) and target.id in node.names
                                       for node in iter_nodes(function)):
                return self.change(level)  # (a variable others read: not followed)
            for node in iter_nodes(function):
                if type(node) is ast.Name and node.id == target.id and isinstance(node.ctx, ast.Load):
                    self.use(node, level, fresh)
            return
        if type(target) in (ast.Tuple, ast.List):
            for item in target.elts:
                if type(item) is ast.Starred:
                    self.alias(item.value, level, True)  # `first, *rest = state`: a new list of its items
                else:
                    self.alias(item, level + 1, False)
            return
        self.change(level)  # stored in another object's item or field: kept where others may change it

    def returned(self, node: ast.AST, level: int, fresh: bool) -> None:
        """Returned by the function holding `node`: followed to the calls the maker's functions
        make of it; given out of the maker, it is the maker's results' concern."""
        function = node if type(node) is ast.Lambda else self._function_of(node)
        if function is None or function is self.maker:
            return
        holder = self.parents.get(id(function))
        if type(function) is ast.Lambda:
            if type(holder) is ast.Assign and len(holder.targets) == 1 and type(holder.targets[0]) is ast.Name:
                return self.calls_of(holder.targets[0].id, level, fresh)
            if type(holder) is ast.Call and holder.func is function:
                return self.use(holder, level, fresh)  # `(lambda: state)()`
            return None if self._given_out(function) else self.change(level)
        if type(holder) is ast.ClassDef:
            return self.change(level)  # a method: its callers are not found by name
        self.calls_of(function.name, level, fresh)

    def calls_of(self, name: str, level: int, fresh: bool) -> None:
        for node in iter_nodes(self.maker):
            if type(node) is ast.Name and node.id == name and isinstance(node.ctx, ast.Load):
                parent = self.parents.get(id(node))
                if type(parent) is ast.Call and parent.func is node:
                    self.use(parent, level, fresh)  # `get()["axes"] = a` in another made function
                elif not self._given_out(node):
                    self.change(level)  # handed on: whoever calls it may change its result

    def _given_out(self, node: ast.AST) -> bool:
        """`node` is (in a display in) a value the maker returns."""
        parent = self.parents.get(id(node))
        while type(parent) in (ast.Tuple, ast.List, ast.Dict):
            node, parent = parent, self.parents.get(id(parent))
        return type(parent) is ast.Return and self._function_of(parent) is self.maker

    def _function_of(self, node: ast.AST) -> ast.AST | None:
        parent = self.parents.get(id(node))
        while parent is not None and not isinstance(parent, _DEFS):
            parent = self.parents.get(id(parent))
        return parent


def _module_bound(tree: ast.Module) -> frozenset[str]:
    """Names the module binds anywhere (a builtin of that name may not be the builtin)."""
    cached = tree.__dict__.get("_shardfix_bound_anywhere")
    if cached is None:
        names = set()
        for node in iter_nodes(tree):
            if type(node) is ast.Name and not isinstance(node.ctx, ast.Load):
                names.add(node.id)
            elif type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
                names.add(node.name)
            elif type(node) in (ast.Import, ast.ImportFrom):
                names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
            elif type(node) is ast.arg:
                names.add(node.arg)
        cached = tree._shardfix_bound_anywhere = frozenset(names)
    return cached
