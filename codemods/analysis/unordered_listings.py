"""Listings of a directory the run filled, whose order the file system decides (script_run.py;
issue 13).

A checkpoint manager finds its steps by listing its directory: `for name in os.listdir(root):
if name.startswith("step_") and not name.endswith(".tmp"): steps.append(int(name[5:]))`, then
`return sorted(steps)`. The names are exactly what the run put there (temp_files.py), but
`os.listdir` hands them out in an order of the file system's (on ext4 a hash order, on tmpfs
another): any result that depends on that order is not known. A listing of two or more names is
therefore held as a Listing: its names without an order. What does not depend on the order is
read as Python computes it, whichever order the file system gives:
- `sorted(u)` (distinct strs, or ints, have one sorted order; the paths `glob.glob(os.path.join(d,
  "step_*"))` gives differ only in their last names), or by a `key=` lambda of the pure kind
  below giving distinct ints or strs, and `min`/`max` the same way, `len`, truth, `in`,
  `set`/`frozenset`, `sum` of ints, `any`/`all` of plain values;
- a `for` loop over it that only keeps some of its items: its body is made of `if` tests,
  `continue`, `pass`, `xs.append(expr)` of lists `xs` made empty (`xs = []`) in the same
  function and not read before the loop (so no other name holds them), and, at its top level,
  `m = expr` naming a value read only after it in the round; the tests and values built only
  from the item, plain constants (strs, numbers, paths in the run's directory), `int`, `len`,
  `str`, `float`, str methods, `os.path.join`/`isdir`/`isfile`/`exists`/`basename`/`splitext`,
  `re.match`/`fullmatch`/`search` and a match's `group`/`groups`: such a body has no effect but
  the appends, and appends the same items in any order, so after the loop each list is a Bag,
  its items without an order (read as a Listing is). A body that raises stops the run (which
  item raises first depends on the order), and so does a function that reads the loop's name
  or a value named in it anywhere else (after the loop they hold the last round's).
- a comprehension over it of the same pure kind: `[int(n[5:]) for n in names if ...]` a Bag,
  `{...}` a set, and `sorted(int(n[5:]) for n in names if ...)` (a generator reading nothing but
  its item, constants and builtins, and not asking the file system (`os.path.isdir`), so it
  computes the same whenever it is consumed) a Bag.
Anything else (`names[0]`, walking it any other way, `list(u)`, a key function of the program's)
stops the run (Bail), as before.
"""
from __future__ import annotations

import ast
import builtins
from itertools import permutations

from codemods.analysis.host_exprs import Continue, Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledContainer
from codemods.analysis.script_values import Lib, TempPath

_PURE_BUILTINS = frozenset({"int", "len", "str", "float"})
_STR_METHODS = frozenset({"startswith", "endswith", "isdigit", "isdecimal", "isalnum", "isalpha", "lower", "upper",
                          "strip", "lstrip", "rstrip", "split", "rsplit", "partition", "rpartition", "removeprefix",
                          "removesuffix", "replace", "find", "rfind", "count", "zfill"})
# Library functions that only read (what the record holds, or text): `os.path.isdir(os.path.join(root, n))`,
# `re.fullmatch(r"step_(\d+)", n)`; called by their module's own name (`import os`, `import re`).
_PURE_CALLS = frozenset({"os.path.join", "os.path.isdir", "os.path.isfile", "os.path.exists", "os.path.basename",
                         "os.path.splitext", "re.match", "re.fullmatch", "re.search"})
_MATCH_METHODS = frozenset({"group", "groups"})
_FILE_TESTS = frozenset({"os.path.isdir", "os.path.isfile", "os.path.exists"})  # (what the directory holds now)
_ORDERS_TRIED = 6  # (items of a set of ints whose every insertion order is tried: 720 small sets)
_PURE_NODES = (ast.Name, ast.Constant, ast.Subscript, ast.Slice, ast.Compare, ast.BoolOp, ast.UnaryOp, ast.BinOp,
               ast.IfExp, ast.Tuple, ast.Call, ast.Attribute, ast.Load, ast.cmpop, ast.boolop, ast.unaryop,
               ast.operator)


class Unordered(ModelledContainer):
    """Items the program holds in an order it does not know: a directory's Listing, or a Bag a
    loop over one collected. `items` in the run's own (sorted) order, for its reading only."""

    __slots__ = ("held",)
    derives = (list,)  # (os.listdir's and `xs = []`'s real class)

    def __init__(self, held: list) -> None:
        self.held = held

    def __len__(self) -> int:
        return len(self.held)

    def __iter__(self):
        raise Bail  # (walked in an order not known)

    def attribute(self, run, name: str) -> object:
        raise Bail  # (`xs.append`, `xs.sort()`, ...: not modelled)

    def items(self, run) -> list:
        raise Bail

    def item(self, run, key: object) -> object:
        raise Bail  # (`names[0]`: which one is not known)

    def store(self, run, key: object, value: object) -> None:
        raise Bail

    def contains(self, run, key: object) -> bool:
        if type(key) not in (str, int, float, bool):
            raise Bail  # (an object's own `__eq__`: not followed)
        return key in self.held


def listing(names: list) -> object:
    """`os.listdir` (or `glob.glob`) of the run's own directory: the list itself when its order
    is certain (at most one name), else a Listing."""
    return names if len(names) < 2 else Unordered(sorted(names, key=lambda name: name if type(name) is str else name.parts))


def _sortable(items: list) -> bool:
    """One sorted order, and one answer, whatever order `items` come in: all strs, or all ints
    (exactly int). `min`/`max`/`sorted` keep the FIRST of equal items, so items equal but
    different (`True`/`1`, `0.0`/`-0.0`, `1`/`1.0`) would answer in the file system's order
    (found by adversarial32)."""
    return all(type(item) is str for item in items) or all(type(item) is int for item in items)


def _same_when_equal(items: list) -> bool:
    """Any two equal items are the same value, so `set` (which keeps the first of equal items)
    answers one way in any order: strs, exact ints and None, or tuples of those, with no bool
    (`True == 1`) nor float (`0.0 == -0.0`, `1 == 1.0`) anywhere (adversarial32)."""
    return all(_plain_exact(item) for item in items)


def _plain_exact(value: object, depth: int = 0) -> bool:
    if type(value) in (str, int, type(None)):
        return True
    return type(value) is tuple and depth < 3 and all(_plain_exact(item, depth + 1) for item in value)


def _set_of(kind: type, items: list) -> object:
    """`set(u)`, `{... for n in u}` of items equal only when the same (`_same_when_equal`): a set of
    ints is walked in its hash table's order, which for items that share a slot (`{1, 9}`) follows
    the order they were added in (set_orders.py reads a set of ints as walked one way), so each
    order of a small set is tried and a set of more items stops the run (review)."""
    if not _same_when_equal(items):
        raise Bail  # (equal items that differ: the set keeps the one the file system lists first)
    made = kind(items)
    if len(made) > 1 and all(type(item) is int for item in made):
        walk = list(made)
        if len(made) > _ORDERS_TRIED or any(list(kind(order)) != walk for order in permutations(made)):
            raise Bail
    return made


def _sorted(items: list, reverse: bool) -> list:
    """`sorted(items)`: of strs or ints; of paths `glob.glob` gave in one directory, by their
    last names (their texts differ only there), else Bail."""
    if _sortable(items):
        return sorted(items, reverse=reverse)
    if items and all(type(item) is TempPath and item.parts and (item.root, item.parts[:-1]) == (items[0].root, items[0].parts[:-1])
                     for item in items):
        return sorted(items, key=lambda item: item.parts[-1], reverse=reverse)
    raise Bail


def builtin(run, name: str, args: list, kwargs: dict) -> object:
    """A builtin called with an Unordered argument: what it answers in any order; NotImplemented
    when none is given."""
    if not any(type(value) is Unordered for value in (*args, *kwargs.values())):
        return NotImplemented
    if len(args) != 1 or type(args[0]) is not Unordered:
        raise Bail
    items = args[0].held
    if name in ("sorted", "min", "max") and "key" in kwargs:
        return _by_key(run, name, items, kwargs)
    if name == "sorted" and set(kwargs) <= {"reverse"} and type(kwargs.get("reverse", False)) is bool:
        return _sorted(items, kwargs.get("reverse", False))
    if kwargs:
        raise Bail
    if name == "len":
        return len(items)
    if name == "bool":
        return bool(items)
    if name in ("any", "all") and all(_plain(item) for item in items):
        return getattr(builtins, name)(items)  # (plain values: no `__bool__` of the program's runs)
    if name in ("set", "frozenset"):
        return _set_of(getattr(builtins, name), items)
    if name in ("min", "max") and items and _sortable(items):
        return getattr(builtins, name)(items)
    if name == "sum" and all(type(item) in (int, bool) for item in items):
        return sum(items)
    raise Bail


def _by_key(run, name: str, items: list, kwargs: dict) -> object:
    """`sorted(names, key=lambda n: int(n.split("_")[1]))`, `max(..., key=...)`: a pure lambda
    (as a loop's body above) giving distinct ints or strs orders the items one way whatever order
    they come in (equal keys would keep the order they came in)."""
    given = dict(kwargs)
    key, reverse = given.pop("key"), given.pop("reverse", False)
    if given or type(reverse) is not bool or name != "sorted" and "reverse" in kwargs or type(key).__name__ != "LambdaValue":
        raise Bail
    spec = key.node.args
    if len(spec.args) != 1 or spec.posonlyargs or spec.vararg or spec.kwonlyargs or spec.kwarg or spec.defaults:
        raise Bail
    param = spec.args[0].arg
    if not _pure(key.node.body, param):
        raise Bail
    for free in {sub.id for sub in ast.walk(key.node.body) if type(sub) is ast.Name} - {param}:
        try:
            value = run.eval(ast.Name(id=free, ctx=ast.Load()), key.env)
        except Raised:
            raise Bail from None
        if not _readable(run, free, key.env, value, False):
            raise Bail
    try:
        keys = [run.call(key, [item], {}) for item in items]
    except Raised:
        raise Bail from None  # (which item raises first depends on the order)
    if not _sortable(keys) or len(set(keys)) != len(keys):
        raise Bail
    ranked = [item for _, item in sorted(zip(keys, range(len(items))), reverse=reverse)]
    ranked = [items[index] for index in ranked]
    return ranked if name == "sorted" else ranked[0] if name == "min" else ranked[-1]


def loop(run, node: ast.For, source: Unordered, env) -> None:
    """`for item in listing:` of a body that only collects some items (see above)."""
    collected = _collecting(run, node, env)
    if collected is None:
        raise Bail
    try:
        for item in source.held:
            run.tick()
            run.store(node.target, item, env)
            try:
                run.block(node.body, env)
            except Continue:
                continue
    except Raised:
        raise Bail from None  # (which item raises first depends on the order)
    env.vars.pop(node.target.id, None)  # (nothing reads the last item, nor its named values: _collecting)
    for name in collected:
        if name.startswith("="):
            env.vars.pop(name[1:], None)
            continue
        held = env.vars[name]
        if type(held) is not list:
            raise Bail
        env.vars[name] = Unordered(held)


def collected(run, node, source: Unordered, env) -> object:
    """`[f(n) for n in listing if test(n)]` (a Bag), `{...}` (a set), or a generator of them
    consumed where it is made (a Bag), when `f` and the tests are pure (see above); a generator's
    names are read when it is consumed, so it may read only its item, constants and builtins."""
    generator = node.generators[0] if len(node.generators) == 1 else None
    if generator is None or generator.is_async or type(generator.target) is not ast.Name \
            or type(node) not in (ast.ListComp, ast.SetComp, ast.GeneratorExp):
        raise Bail
    target, parts = generator.target.id, [node.elt, *generator.ifs]
    if not all(_pure(part, target) for part in parts):
        raise Bail
    if type(node) is ast.GeneratorExp and any(type(sub) is ast.Call and _dotted(sub.func) in _FILE_TESTS
                                              for part in parts for sub in ast.walk(part)):
        raise Bail  # (a generator asks the file system when it is consumed, which may be after a change)
    for name in {sub.id for part in parts for sub in ast.walk(part) if type(sub) is ast.Name} - {target}:
        try:
            value = run.eval(ast.Name(id=name, ctx=ast.Load()), env)
        except Raised:
            raise Bail from None
        if not _readable(run, name, env, value, type(node) is ast.GeneratorExp):
            raise Bail
    scope = type(env)(env, frozenset({target}))
    results = []
    try:
        for item in source.held:
            run.tick()
            run.store(generator.target, item, scope)
            if all(run.truth(run.eval(test, scope)) for test in generator.ifs):
                results.append(run.eval(node.elt, scope))
    except Raised:
        raise Bail from None  # (which item raises first depends on the order)
    if type(node) is ast.SetComp:
        return _set_of(set, results)
    return Unordered(results)


def _collecting(run, node: ast.For, env) -> list | None:
    """The names of the lists the loop's body appends to, when it has the shape above."""
    if node.orelse or type(node.target) is not ast.Name:
        return None
    target, lists, temps = node.target.id, [], []
    if not _collects(node.body, target, lists, temps):
        return None
    function = _enclosing(run, node, env)
    if function is None:
        return None
    names = [sub.id for statement in node.body for sub in ast.walk(statement) if type(sub) is ast.Name]
    inside = {id(sub) for statement in node.body for sub in ast.walk(statement)}
    if any(type(sub) is ast.Name and sub.id in (target, *temps) and id(sub) not in inside and sub is not node.target
           for sub in ast.walk(function)):
        return None  # (the item the loop ends on, or a value named in its last round, read elsewhere)
    if len(set(temps)) != len(temps) or set(temps) & {target, *lists} or not _named_first(node.body, temps):
        return None  # (a value named twice, or read before it is named: the round before's)
    for name in lists:
        appends = sum(1 for statement in node.body for sub in ast.walk(statement) if type(sub) is ast.Attribute
                      and sub.attr == "append" and type(sub.value) is ast.Name and sub.value.id == name)
        if name == target or names.count(name) != appends or not _fresh_before(function, node, name) \
                or type(env.vars.get(name)) is not list or env.vars[name]:
            return None  # (a list read in the body, or one another name may hold)
    for name in set(names) - {target, *lists, *temps}:
        try:
            value = run.eval(ast.Name(id=name, ctx=ast.Load()), env)
        except Raised:
            return None
        if not _readable(run, name, env, value, False):
            return None
    return [*lists, *(f"={name}" for name in temps)]


def _named_first(body: list, temps: list) -> bool:
    """Each of `temps` is read only in the statements after the one naming it, in every round."""
    for at, statement in enumerate(body):
        if type(statement) is ast.Assign and type(statement.targets[0]) is ast.Name and statement.targets[0].id in temps:
            name = statement.targets[0].id
            if any(type(sub) is ast.Name and sub.id == name for earlier in body[:at] for sub in ast.walk(earlier)) \
                    or any(type(sub) is ast.Name and sub.id == name for sub in ast.walk(statement.value)):
                return False
    return True


def _plain(value: object, depth: int = 0) -> bool:
    if type(value) in (str, int, float, bool, type(None)):
        return True
    return type(value) is tuple and depth < 3 and all(_plain(item, depth + 1) for item in value)


def _collects(body: list, target: str, lists: list, temps: list | None = None) -> bool:
    """`temps`: the body's own top level, where `m = re.fullmatch(...)` may name a value."""
    for statement in body:
        kind = type(statement)
        if kind in (ast.Continue, ast.Pass):
            continue
        if kind is ast.If:
            if not (_pure(statement.test, target) and _collects(statement.body, target, lists)
                    and _collects(statement.orelse, target, lists)):
                return False
            continue
        if kind is ast.Assign and temps is not None and len(statement.targets) == 1 \
                and type(statement.targets[0]) is ast.Name and _pure(statement.value, target):
            temps.append(statement.targets[0].id)
            continue
        call = statement.value if kind is ast.Expr else None
        if type(call) is not ast.Call or type(call.func) is not ast.Attribute or call.func.attr != "append" \
                or type(call.func.value) is not ast.Name or len(call.args) != 1 or call.keywords \
                or not _pure(call.args[0], target):
            return False
        if call.func.value.id not in lists:
            lists.append(call.func.value.id)
    return True


def _pure(expr: ast.expr, target: str) -> bool:
    """An expression with no effect: names (checked to hold plain values when the loop begins),
    constants, operators, and calls of `int`/`len`/`str`/`float` or of a str method."""
    for sub in ast.walk(expr):
        if not isinstance(sub, _PURE_NODES) or type(sub) is ast.Starred:
            return False
        if type(sub) is ast.Call:
            if sub.keywords or any(type(arg) is ast.Starred for arg in sub.args):
                return False
            func = sub.func
            if not (type(func) is ast.Name and func.id in _PURE_BUILTINS or _dotted(func) in _PURE_CALLS
                    or type(func) is ast.Attribute and func.attr in _STR_METHODS | _MATCH_METHODS):
                return False
        if type(sub) is ast.Attribute and not any(type(call) is ast.Call and (call.func is sub or _dotted(call.func) in _PURE_CALLS
                                                                             and sub in ast.walk(call.func))
                                                  for call in ast.walk(expr)):
            return False  # (an attribute read: a property may run code)
    return True


def _dotted(func: ast.expr) -> str | None:
    """`os.path.join` as written, or None."""
    parts = []
    while type(func) is ast.Attribute:
        parts.append(func.attr)
        func = func.value
    return ".".join([func.id, *reversed(parts)]) if type(func) is ast.Name and parts else None


def _readable(run, name: str, env, value: object, lazy: bool) -> bool:
    """A free name of a pure body may be read: a builtin of those above, a module those library
    functions are called on (`os`, `re`), or (unless a generator reads it later) a plain value."""
    if name in _PURE_BUILTINS and value is getattr(builtins, name):
        return True
    if name in ("os", "re") and type(value) is Lib and value.name == name:
        return True
    return not lazy and (_plain(value) or type(value) is TempPath)  # (a path in the run's directory: its parts fixed)


def _enclosing(run, node: ast.For, env):
    """The function running the loop: the innermost frame's, when the loop is its own."""
    frames = getattr(run, "frames", None)
    if not frames or frames[-1][1] is not env:
        return None
    function = getattr(frames[-1][0], "node", None)
    if type(function) not in (ast.FunctionDef, ast.AsyncFunctionDef) or not any(sub is node for sub in ast.walk(function)):
        return None
    return function


def _fresh_before(function, loop: ast.For, name: str) -> bool:
    """`name = []` is the function's only binding of `name`, in the same block as the loop and
    before it, and nothing reads `name` between them (no other name can hold that list)."""
    bindings = [sub for sub in ast.walk(function) if type(sub) is ast.Name and sub.id == name
                and type(sub.ctx) is not ast.Load]
    made = [statement for statement in _block_of(function, loop)
            if type(statement) is ast.Assign and len(statement.targets) == 1 and type(statement.targets[0]) is ast.Name
            and statement.targets[0].id == name and type(statement.value) is ast.List and not statement.value.elts]
    if len(bindings) != 1 or len(made) != 1 or made[0].targets[0] is not bindings[0]:
        return False
    block = _block_of(function, loop)
    between = block[block.index(made[0]) + 1:block.index(loop)]
    return not any(type(sub) is ast.Name and sub.id == name for statement in between for sub in ast.walk(statement))


def _block_of(function, statement) -> list:
    for sub in ast.walk(function):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(sub, field, None)
            if type(block) is list and any(item is statement for item in block):
                return block
    return []
