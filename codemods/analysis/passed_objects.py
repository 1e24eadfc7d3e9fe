"""Objects a call or a comprehension hands on without copying them (mutation.py's aliases, found
by adversarial12): `sorted(CONFIG.items())`, `[s for s in CONFIG.values() if s["on"]]`,
`filter(pred, CONFIG.values())` and `list(map(f, xs))` make a new list of the SAME items, so a
change inside one of its items is a change inside CONFIG; `collections.ChainMap(USER, ...)`,
`getattr(root, name)`, `next(iter(...))`, `functools.reduce(operator.getitem, path, root)` and
`vars(obj)` give an argument itself or one of its items. Reading every other call as a new
object (as the alias reading did) let such changes go unseen, and the text's value be read.

What a call hands on is over-approximated: any name its arguments (or its receiver) hold may be
held by the result, unless the call is one known to build its result from nothing it is given
by reference (numbers, text, arrays, deep copies). More names only ever mean more changes seen:
a name becomes unknown, never a finding."""
from __future__ import annotations

import ast

from codemods.analysis.held_names import alias_key, held

# Builtins and standard-library calls whose result hands on objects of the arguments at these
# positions (None: every positional argument): as a new container holding their items (sorted,
# filter, map), or as one of them or an item of one (getattr, next, a ChainMap, reduce). Any
# other call is read as a new object: module functions and classes are followed elsewhere
# (held_names.returned_keys, the classes' fields), and widening every call cost 43 development
# findings (a `ConfigDict(CONFIG.to_dict())` copy read as sharing CONFIG).
_ITEMS = {"sorted": (0,), "reversed": (0,), "filter": (1,), "map": None, "zip": None, "enumerate": (0,),
          "islice": (0,), "chain": None, "product": None, "list": (0,), "tuple": (0,), "set": (0,),
          "frozenset": (0,), "OrderedDict": (0,), "defaultdict": (1,), "deque": (0,)}
_VIEWS = {"ChainMap": None, "MappingProxyType": (0,), "vars": (0,), "getattr": (0,), "next": (0,), "iter": (0,),
          "min": None, "max": None, "reduce": (1, 2), "getitem": (0,), "choice": (0,)}

# Methods giving their receiver's items, or views of them (`CONFIG.values()`, `CONFIG.get(k)`).
_RECEIVER_READS = frozenset({"values", "items", "get", "setdefault", "pop", "popitem", "copy"})

_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)

# Every callee whose result may hand on what its arguments hold (unchanged_keys' fast path asks).
HANDING_CALLEES = frozenset(_ITEMS) | frozenset(_VIEWS) | _RECEIVER_READS


def _dotted(node: ast.expr) -> str | None:
    parts = []
    while type(node) is ast.Attribute:
        parts.append(node.attr)
        node = node.value
    if type(node) is not ast.Name:
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def names_in(node: ast.expr | None) -> set[str]:
    """Every name `node`'s object may be, hold, or be an item of, through displays, subscripts,
    comprehensions and calls that hand objects on (lambda bodies excluded: not run here)."""
    if node is None:
        return set()
    same, inside, around = held(node)
    found = same | inside | around
    if type(node) is ast.Starred:
        return names_in(node.value)
    if type(node) in (ast.Tuple, ast.List, ast.Set):
        for item in node.elts:
            found |= names_in(item)
    elif type(node) is ast.Dict:
        for item in (*node.keys, *node.values):
            found |= names_in(item)
    elif type(node) is ast.Subscript:
        found |= names_in(node.value)
    elif type(node) in (ast.BoolOp, ast.IfExp):
        for item in (node.values if type(node) is ast.BoolOp else (node.body, node.orelse)):
            found |= names_in(item)
    elif type(node) in _COMPREHENSIONS:
        for generator in node.generators:
            found |= names_in(generator.iter)
    elif type(node) is ast.Call and not fresh_call(node):
        found |= passed_names(node)
    return found


def _callee(call: ast.Call) -> str | None:
    return call.func.attr if type(call.func) is ast.Attribute else call.func.id if type(call.func) is ast.Name else None


def passed_names(call: ast.Call) -> set[str]:
    """The names whose objects a pass-through call's result may hold or be: those its handing
    arguments hold (nothing for any other call)."""
    callee = _callee(call)
    if callee in _RECEIVER_READS and type(call.func) is ast.Attribute:
        return names_in(call.func.value)
    positions = _ITEMS.get(callee, _VIEWS.get(callee, ())) if callee in _ITEMS or callee in _VIEWS else ()
    args = call.args if positions is None else [call.args[i] for i in positions if i < len(call.args)]
    found: set[str] = set()
    for arg in args:
        found |= names_in(arg)
    return found


def fresh_call(call: ast.Call) -> bool:
    """Not a call known to hand its arguments' objects on (a new object, as far as aliases go)."""
    callee = _callee(call)
    return callee not in _ITEMS and callee not in _VIEWS and not (
        callee in _RECEIVER_READS and type(call.func) is ast.Attribute)


def handed_on(value: ast.expr | None) -> tuple[set[str], set[str]] | None:
    """For a pass-through call or a comprehension: (names the result may be an item of, at any
    depth: `getattr(o, k)`, `next(it)`, `CONFIG.get(k)`, a ChainMap storing into its first map;
    names whose items the result, a new container, may hold). None for any other expression."""
    if type(value) in _COMPREHENSIONS:
        return set(), names_in(value)
    if type(value) is not ast.Call or fresh_call(value):
        return None
    names = passed_names(value)
    return (names, set()) if _callee(value) in _VIEWS or _callee(value) in _RECEIVER_READS else (set(), names)


def attribute_globals(tree: ast.Module, key: str | None) -> set[str]:
    """`sys.modules[__name__].CONFIG[...] = v`, `module.CONFIG.update(...)`: a change keyed by
    an attribute (".CONFIG") may be one of the module's own global of that name."""
    if key is None or not key.startswith("."):
        return set()
    name = key[1:]
    return {name} if any(type(stmt) in (ast.Assign, ast.AnnAssign) and any(
        alias_key(target) == name for target in (stmt.targets if type(stmt) is ast.Assign else [stmt.target]))
        for stmt in tree.body) else set()


# In-place operators of lists, dicts and sets (`+=` extends a list, `|=` updates a dict or a set).
_IN_PLACE = (ast.Add, ast.BitOr, ast.Sub, ast.BitAnd, ast.BitXor, ast.Mult)


def augmented_changes(tree: ast.Module) -> set[str]:
    """Names changed in place by an augmented assignment on a parameter, a `global` name or a
    field (`cfg |= {"sync": ...}` in a helper, `self.cfg |= changes`): on a list, dict or set the
    object the caller handed is changed, not rebound (found by adversarial12). A local's own
    `total += x` rebinds a number: left alone."""
    found: set[str] = set()
    for function in (node for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda) for node in _all(tree, kind)):
        args = function.args
        params = {arg.arg for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if arg}
        body = function.body if type(function.body) is list else [function.body]
        stack = list(body)
        declared: set[str] = set()
        augmented: list[ast.AugAssign] = []
        while stack:
            node = stack.pop()
            if type(node) in (ast.Global, ast.Nonlocal):
                declared |= set(node.names)
            elif type(node) is ast.AugAssign and type(node.op) in _IN_PLACE \
                    and (type(node.op) is ast.BitOr or _container(node.value)):
                augmented.append(node)
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                stack.extend(ast.iter_child_nodes(node))
        for node in augmented:
            target = node.target
            while type(target) is ast.Subscript:
                target = target.value
            key = alias_key(target)
            if type(target) is ast.Attribute or key in params | declared:
                found.add(key)
    return found


def _container(value: ast.expr) -> bool:
    """The right side of an in-place `|=` / `+=` that only a list, dict or set takes (`cfg |= {...}`,
    `axes += [a]`, `self.cfg |= changes` of a dict display or comprehension); `total += x` of a
    number or a string rebinds, and is left alone."""
    return type(value) in (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp) or \
        type(value) is ast.Call and _callee(value) in ("dict", "list", "set")


def _all(tree: ast.Module, kind: type) -> list:
    from codemods.analysis.nodes import nodes_of_type

    return nodes_of_type(tree, kind)
