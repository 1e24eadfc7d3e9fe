"""The keys a loop over a parameter table gives its variable, when the body reads tables by it.

`for name in sorted(params): ... TRAIN[name] ... EXPORT[name]` says nothing of `name` itself,
but every iteration that reaches a line reading `TRAIN[name]` and `EXPORT[name]` has `name`
among the keys both constant tables hold (any other key raises KeyError there); tables that are
not constant (`params[name]`) leave every key possible. Each such key
is returned with an Env binding the variable to it, so an analysis can ask what the line does
for that key. Only when certain: the innermost `for` around the line binds a plain name that
nothing else in the function binds, and the tables are constant dict literals with plain string
keys that the file never changes.
"""
from __future__ import annotations

from codemods.analysis.enum_keys import enum_members, member_items
from codemods.analysis.local_names import _scope_info, parents, scope_of
from codemods.analysis.spec_sources import Env, env_value, follow_env, follow_spec
from codemods.analysis.specs import string_value
from codemods.analysis.table_changes import _mutated, _table_name
from codemods.context import FileContext
from codemods.dataclass_code import dataclass
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


@dataclass(frozen=True)
class LoopKeys:
    keys: list[tuple[str, Env]]  # (key, Env binding the loop variable to it), in the tables' order
    # Whether the file shows which keys the loop gives (else only the tables limit them, and the
    # loop may never reach a given key: only what every key does is certain).
    iterated_known: bool = False
    kind: str = "key"  # "item": the loop walks a literal sequence (of specs), each key its text

    def __bool__(self) -> bool:
        return bool(self.keys)


_NONE = LoopKeys([])


def loop_keys(ctx: FileContext, node: cst.CSTNode, outer: Env | None = None) -> LoopKeys:
    """The keys the loop around `node` may give its variable; no keys when unknown. `outer` binds
    the parameters of the function holding the loop (a caller's Env): the walked table may be one."""
    from codemods.analysis.filed_classes import filed_keys
    from codemods.analysis.zipped_rounds import zipped_rounds

    zipped = zipped_rounds(ctx, node)
    if zipped is not None:  # `Params(*(gather(p, s) for p, s in zip(params, LAYOUT)))`: position by position
        return zipped
    function = scope_of(ctx, node)
    loop = _comprehension_loop(function)
    if loop is not None:  # `{n: gather(v[n], SPECS[n]) for n in names}`: the element is the body
        body = function.value if isinstance(function, cst.DictComp) else function.elt
        name, value_name, iterated_node = _loop_target(loop)
        if name is None:
            return _NONE
    else:
        if not isinstance(function, cst.FunctionDef):
            return _NONE
        loop = _innermost_loop(ctx, node, function)
        if loop is None:
            return _NONE
        body = loop.body
        if _leaves_early(body):
            return _NONE  # a round that breaks, returns or raises: the later keys may never come
        unpacked = _unpacked_rounds(ctx, node, function, loop)
        if unpacked is not None:
            return unpacked
        name, value_name, iterated_node = _loop_target(loop)
        info = _scope_info(ctx, function)
        if name is None or any(n in info.params or n in info.declared or len(info.bindings.get(n, [])) != 1
                               for n in (name, *_names_of(value_name or ()))):
            return _NONE
    info = _scope_info(ctx, function)
    keys: list | None = None
    first: dict = {}
    mutated = _mutated(ctx)
    for read in _reads(body, name):
        root = _root(read.value)
        if root.value in info.params:
            continue  # the tree being walked (`params[name]`): which keys it has is the loop's own
        table, _ = follow_spec(ctx, read.value)
        if not isinstance(table, cst.Dict):
            continue  # a parameter's own table (`params[name]`): it leaves every key possible
        filed = filed_keys(ctx, root.value) if root is read.value and not table.elements else None
        if filed is not None:  # `METRICS[name]` of a registry its decorators fill (filed_classes.py)
            items = {key: cst.SimpleString(repr(key)) for key in filed}
        else:
            items = _string_items(table) or member_items(ctx, table)
        if items is None or filed is None and (_table_name(root) in mutated or "*" in mutated):
            return _NONE  # (a filed registry is changed by its decorators only)
        if root is not read.value and not _inner_unchanged(ctx, read.value):
            return _NONE  # `LAYOUT[Stage.SERVE][name]`: the inner table read as written
        keys = [key for key in (keys if keys is not None else items) if key in items]
        for key, key_node in items.items():
            first.setdefault(key, key_node)
    iterated = _iterated_keys(ctx, iterated_node, outer if outer is not None and outer.function is function else None)
    # only the receiver the caller binds (`self.layouts[name]`): a table parameter is read where it
    # stands, with the checks that every caller hands it unchanged (an alias may change it)
    given = {receiver: outer.args[receiver]} if outer is not None and outer.function is function \
        and (receiver := _receiver(ctx, function)) in outer.args else {}
    if keys is None and value_name is not None and iterated is None:
        table, _ = follow_spec(ctx, iterated_node)  # `for name, spec in SPECS.items()`: its own keys
        items = _string_items(table)
        if items is None or _table_name(iterated_node) in mutated or "*" in mutated:
            return _NONE
        keys, first = list(items), dict(items)
    every = _every_round(ctx, node, body)
    if keys is None and iterated is None and value_name is None:
        walked = _walked_items(ctx, iterated_node)  # `for spec in LAYOUTS:` of a list of specs
        if walked is not None:
            return LoopKeys([(ctx.text(item), Env(function, {name: (item, None)})) for item in walked], every, "item")
    if keys is None and iterated is not None:  # no constant table read by the key: the loop's own keys
        keys = sorted(iterated)
        first = {key: cst.SimpleString(repr(key)) for key in keys}
    bound = [(key, _bound(ctx, name, value_name, iterated_node, first[key]))
             for key in keys or () if iterated is None or key in iterated]
    if any(pair is None for _, pair in bound):
        return _NONE
    found = [(key, Env(function, {**given, **pair})) for key, pair in bound]
    if iterated is not None and not every and found:
        # `if target is None: continue` before the line: which rounds reach it, key by key
        from codemods.analysis.loop_guards import reaches

        reached = [reaches(ctx, node, body, env) for _, env in found]
        if None not in reached:
            return LoopKeys([pair for pair, yes in zip(found, reached) if yes], True)
    return LoopKeys(found, iterated is not None and every)


# Code under these runs in some rounds only (or not at once): a line below one may skip a key.
_SOME_ROUNDS = ("If", "Else", "Try", "TryStar", "ExceptHandler", "Finally", "While", "For", "Match", "IfExp",
                "BooleanOperation", "Lambda", "FunctionDef", "GeneratorExp", "ListComp", "SetComp", "DictComp")
_JUMPS = ("Continue", "Break", "Return", "Raise")


def _leaves_early(body: cst.CSTNode) -> bool:
    """Whether a loop's body holds a `break`, `return` or `raise` (anywhere in it: a nested
    loop's own `break` too, which only makes the keys more often unknown)."""
    from libcst import matchers

    return bool(matchers.findall(body, matchers.Break() | matchers.Return() | matchers.Raise()))


def _every_round(ctx: FileContext, node: cst.CSTNode, body: cst.CSTNode) -> bool:
    """Whether `node` runs in every round of the loop whose body (or comprehension element) is
    `body`: nothing between them is conditional and the body never leaves a round early."""
    parent_of = parents(ctx)
    current = node
    while current is not body:
        current = parent_of.get(current)
        if current is None or current is not body and type(current).__name__ in _SOME_ROUNDS:
            return False
    stack = [body]
    while stack:
        current = stack.pop()
        kind = type(current).__name__
        if kind in _JUMPS:
            return False
        if kind not in ("FunctionDef", "ClassDef", "Lambda"):
            stack.extend(current.children)
    return True


def _unpacked_rounds(ctx: FileContext, node: cst.CSTNode, function, loop) -> LoopKeys | None:
    """`for name, train, serve in LAYOUTS:` over a literal list of tuples of as many plain
    items: one round per tuple, each name bound to its item (None when not such a loop)."""
    target = loop.target
    if not isinstance(target, cst.Tuple) or len(target.elements) < 2 \
            or not all(type(e) is cst.Element and isinstance(e.value, cst.Name) for e in target.elements):
        return None
    walked = _walked_items(ctx, loop.iter)
    if walked is None or not all(isinstance(item, cst.Tuple) for item in walked):
        return None  # `for k, v in T.items()` and the like: not this loop
    names = [e.value.value for e in target.elements]
    info = _scope_info(ctx, function)
    if len(set(names)) != len(names) or any(n in info.params or n in info.declared
                                            or len(info.bindings.get(n, [])) != 1 for n in names) \
            or not all(len(item.elements) == len(names) and all(type(e) is cst.Element for e in item.elements)
                       for item in walked):
        return _NONE
    rounds = [(ctx.text(item), Env(function, {n: (e.value, None) for n, e in zip(names, item.elements)}))
              for item in walked]
    return LoopKeys(rounds, _every_round(ctx, node, loop.body), "item")


def _loop_target(loop) -> tuple:
    """(key variable, value variable or None, what the loop walks the keys of): `for k in T` or
    `for k, v in T.items()`; (None, None, None) for any other target."""
    if isinstance(loop.target, cst.Name):
        return loop.target.value, None, loop.iter
    target, walked = loop.target, loop.iter
    if isinstance(target, cst.Tuple) and len(target.elements) == 2 \
            and all(type(e) is cst.Element for e in target.elements) and isinstance(target.elements[0].value, cst.Name) \
            and isinstance(walked, cst.Call) and isinstance(walked.func, cst.Attribute) \
            and walked.func.attr.value == "items" and not walked.args:
        key, value = target.elements[0].value.value, _value_target(target.elements[1].value)
        if value is not None and key not in _names_of(value):
            return key, value, walked.func.value
    return None, None, None


def _value_target(node) -> str | tuple | None:
    """The value part of `for k, v in T.items()`: a name, or `(init, shape, spec)` of plain names
    (a tuple of names, None where a name is bound twice and so holds its last item only)."""
    if isinstance(node, cst.Name):
        return node.value
    if not isinstance(node, (cst.Tuple, cst.List)) or not node.elements \
            or not all(type(e) is cst.Element and isinstance(e.value, cst.Name) for e in node.elements):
        return None
    names = [e.value.value for e in node.elements]
    return tuple(n if names.count(n) == 1 else None for n in names)


def _names_of(value) -> tuple:
    return (value,) if isinstance(value, str) else tuple(n for n in value if n is not None)


def _bound(ctx: FileContext, name: str, value_name: str | None, walked: cst.BaseExpression, key_node) -> dict:
    """The loop variables for one key: the key, and the table's item at it (a constant table's
    item as written, else the item of the tree read when used)."""
    from codemods.analysis.spec_sources import dict_item
    from codemods.analysis.tree_items import Keyed

    bound = {name: (key_node, None)}
    if value_name is not None:
        table, _ = follow_spec(ctx, walked)
        mutated = _mutated(ctx)
        item = dict_item(table, string_value(key_node) or "") \
            if _table_name(walked) not in mutated and "*" not in mutated else None
        if isinstance(value_name, tuple):
            # `for k, (init, shape, spec) in T.items()`: a constant tuple of as many plain items
            # (any other item raises or is not seen: nothing is bound, the loop is not followed)
            if not isinstance(item, cst.Tuple) or len(item.elements) != len(value_name) \
                    or not all(type(e) is cst.Element for e in item.elements):
                return None
            bound.update((n, (e.value, None)) for n, e in zip(value_name, item.elements) if n is not None)
            return bound
        bound[value_name] = (item, None) if item is not None else (Keyed(walked, key_node, None), None)
    return bound


_WRAPPERS = frozenset({"sorted", "list", "tuple", "reversed", "set"})


def _iterated_keys(ctx: FileContext, node: cst.BaseExpression, env=None, depth: int = 0,
                   dicts: bool = False) -> set | None:
    """The strings a loop over `node` may give, when the file shows them (a tuple or dict literal,
    through `sorted(...)`/`.keys()`, or what every call passes for a parameter; a dict a loop
    fills, filled_dicts.py; a dict comprehension over such keys, or `jax.tree.map` over such a
    dict); None if unknown. `dicts`: the keys of a dict only (never the items of a sequence)."""
    from codemods.analysis.call_sites import read_passed
    from codemods.analysis.filled_dicts import filled_keys

    if depth > 4:
        return None
    while not dicts:
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in _WRAPPERS \
                and node.func.value not in ctx.imports.bindings and len(node.args) == 1 \
                and not node.args[0].star and node.args[0].keyword is None:
            node = node.args[0].value
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value == "keys" and not node.args:
            node = node.func.value
        else:
            break

    def built_keys(value, value_env, held, held_env):
        # a dict a loop fills or a comprehension builds: only while no code may add or drop keys
        # (filled_keys checks the filled name itself, the loop being its one change)
        if not isinstance(held, cst.Call) and (found := filled_keys(ctx, value, value_env)):
            return found
        if not _kept(ctx, value):
            return None
        return (filled_keys(ctx, held, value_env) if isinstance(held, cst.Call) else None) \
            or _comprehended_keys(ctx, held, held_env, depth)

    members = (enum_members(ctx, node) or _split_keys(ctx, node)) if not dicts else None
    if members is not None:  # `for f in Field`: each member, in turn (or each part of a split string)
        return members
    bound = env_value(ctx, node, env) if isinstance(node, cst.Name) else None
    if bound is not None and isinstance(bound[0], cst.CSTNode):  # a parameter the call being followed binds
        return _iterated_keys(ctx, bound[0], bound[1], depth + 1, dicts)

    def literal(held):
        return _literal_keys(held) if not dicts or isinstance(held, cst.Dict) else None

    def keys_of(value, value_env):
        held, _, held_env = follow_env(ctx, value, value_env)
        return literal(held) or built_keys(value, value_env, held, held_env)

    held, _, held_env = follow_env(ctx, node, env)
    # a dict a loop may fill (filled_dicts.py), or a call returning one
    empty = isinstance(held, cst.Dict) and not held.elements or isinstance(held, cst.Call)
    if (held is None or empty and _kept(ctx, node)) and isinstance(node, cst.Name) \
            and env_value(ctx, node, env) is None and read_passed(ctx, node, lambda *_: True):
        each = read_passed(ctx, node, keys_of)
        if not each or None in each:
            return None
        return set().union(*each)
    return literal(held) or built_keys(node, env, held, held_env) or (_interpreted_keys(ctx, node) if env is None else None) \
        or _placed_keys(ctx, node, env, depth)


def _placed_keys(ctx: FileContext, node: cst.BaseExpression, env, depth: int) -> set | None:
    """`state.params` of a tree placed by `jax.jit(..., out_shardings=S)` or `jax.device_put(tree,
    S)` where S holds a dict there: its keys (JAX checks the tree's structure against S's)."""
    from codemods.analysis.tree_paths import path_leaf, string_path

    path = string_path(node, ctx, env) if isinstance(node, (cst.Attribute, cst.Subscript)) else None
    leaf = path_leaf(ctx, path[0], path[1], env) if path is not None else None
    if leaf is None or leaf[0] != "sharding" or not isinstance(leaf[1], (cst.Dict, cst.DictComp)):
        return None
    return _literal_keys(leaf[1]) or _comprehended_keys(ctx, leaf[1], leaf[2], depth)


def _interpreted_keys(ctx: FileContext, node: cst.BaseExpression) -> set | None:
    """The str keys of a dict only the interpreter reads (`CONFIG["fields"]` of a JSON document
    the module parses), when the expression reads plain names only and no code changes it."""
    from codemods.analysis.values import DictValue

    value = _interpreted(ctx, node)
    keys = value.keys if isinstance(value, DictValue) else None
    return set(keys) if keys and all(isinstance(key, str) for key in keys) else None


def _split_keys(ctx: FileContext, node: cst.BaseExpression) -> set | None:
    """The parts of a constant string split by a constant separator (`JOB["sinks"].split(",")`,
    `"train,eval".split(",")`): a job config names its steps in one string."""
    from codemods.analysis.values import Const

    if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "split"
            and len(node.args) <= 1 and all(arg.keyword is None and not arg.star for arg in node.args)):
        return None
    separator = node.args[0].value.evaluated_value if node.args and isinstance(node.args[0].value, cst.SimpleString) \
        else None
    if node.args and not isinstance(separator, str) or separator == "":
        return None
    receiver = node.func.value
    text = receiver.evaluated_value if isinstance(receiver, cst.SimpleString) else None
    if text is None:
        value = _interpreted(ctx, receiver)
        text = value.value if isinstance(value, Const) else None
    return set(text.split(separator)) if isinstance(text, str) else None


def _interpreted(ctx: FileContext, node: cst.BaseExpression):
    """What the interpreter reads for a name, attribute or item reading plain names only (no
    code changes them), else None."""
    from codemods.analysis.interpreted_specs import _plain
    from codemods.analysis.spec_symbols import _interpreter, _reads

    found = _reads(ctx).get(ctx.offsets(node)) if isinstance(node, cst.Subscript | cst.Name | cst.Attribute) else None
    interp = _interpreter(ctx) if found is not None else None
    if interp is None or not _plain(interp.scope, found[0], found[1]):
        return None
    interp.silent += 1  # read for its value only
    try:
        return interp.eval(found[0], interp._static_frame(found[1]))
    finally:
        interp.silent -= 1


def _kept(ctx: FileContext, name) -> bool:
    """A name whose function changes its dict nowhere and hands it only to code that reads it
    (its tree as the caller built it, for a parameter), or the item of a returned tuple."""
    from codemods.analysis.local_names import parents
    from codemods.analysis.local_tables import kept_local

    if not isinstance(name, cst.Name):
        return True  # a call's fresh result, a literal
    element = parents(ctx).get(name)
    if isinstance(element, cst.Element) and isinstance(parents(ctx).get(parents(ctx).get(element)), cst.Return):
        return kept_local(ctx, name)  # `return (cache,)`: returning it ends the function
    call = parents(ctx).get(parents(ctx).get(name))
    return kept_local(ctx, name, param=True, through=call if isinstance(call, cst.Call) else None)


def _comprehended_keys(ctx: FileContext, held, env, depth: int) -> set | None:
    """The keys of `{k: ... for k in T}` / `{k: ... for k, v in T.items()}` (no condition, one
    `for`): T's keys; also of what a one-return helper returning one gives (`place(mesh, tables)`)."""
    from codemods.analysis.spec_sources import _TREE_MAP, bind_call, returned_by

    if isinstance(held, cst.Call) and ctx.imports.resolve(held.func) not in _TREE_MAP:
        returned = returned_by(ctx, held.func)
        if returned is None:
            return None
        function, value, bindable, skip = returned
        env = bind_call(ctx, function, held, env, bindable, skip)
        held = value if env is not None else None
        if isinstance(held, cst.Dict):  # `return {"w": ..., "b": ...}`: built anew by each call
            return _literal_keys(held)
    if isinstance(held, cst.Call) and ctx.imports.resolve(held.func) in _TREE_MAP and len(held.args) >= 2 \
            and not any(arg.star or arg.keyword is not None for arg in held.args[:2]):
        # `jax.tree.map(f, params, SPECS)`: a dict with the first tree's keys
        return _iterated_keys(ctx, held.args[1].value, env, depth + 1, dicts=True)
    if not isinstance(held, cst.DictComp):
        return None
    loop = held.for_in
    if loop.ifs or loop.inner_for_in is not None or loop.asynchronous is not None:
        return None
    name, _, walked = _loop_target(loop)
    if name is None or not isinstance(held.key, cst.Name) or held.key.value != name:
        return None
    return _iterated_keys(ctx, walked, env, depth + 1)


def _walked_items(ctx: FileContext, node: cst.BaseExpression) -> list | None:
    """The items of a tuple or list literal of plain elements the file never changes, in the
    order a loop over it meets them; None for anything else."""
    held, _ = follow_spec(ctx, node)
    if not isinstance(held, (cst.Tuple, cst.List)) or not held.elements \
            or any(type(e) is not cst.Element for e in held.elements):
        return None
    mutated = _mutated(ctx)
    if held is not node and (_table_name(node) is None or _table_name(node) in mutated or "*" in mutated):
        return None
    return [e.value for e in held.elements]


def _literal_keys(held) -> set | None:
    if isinstance(held, cst.Dict):
        items = _string_items(held)
        return set(items) if items is not None else None
    if isinstance(held, (cst.Tuple, cst.List)) and all(type(e) is cst.Element for e in held.elements):
        values = [string_value(e.value) for e in held.elements]
        return set(values) if None not in values else None
    return None


def _comprehension_loop(scope):
    """The one `for` of a comprehension without `if`s (every key it walks reaches the element);
    None for anything else (a generator expression runs only when consumed). The comprehension's
    variables are its own: nothing else binds them."""
    if not isinstance(scope, (cst.DictComp, cst.ListComp, cst.SetComp)):
        return None
    loop = scope.for_in
    if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None:
        return None
    return loop


def _innermost_loop(ctx: FileContext, node: cst.CSTNode, function: cst.FunctionDef):
    parent_of = parents(ctx)
    child, current = node, parent_of.get(node)
    while current is not None and current is not function:
        if isinstance(current, cst.For):
            return current if child is current.body else None
        child, current = current, parent_of.get(current)
    return None


def _reads(body: cst.CSTNode, name: str) -> list[cst.Subscript]:
    """`T[name]` subscripts in the loop body (not in nested functions)."""
    found, stack = [], [body]
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.AssignTarget)):
            continue  # nested code runs later; `out[name] = ...` stores, it reads no key
        if isinstance(current, cst.Subscript) and len(current.slice) == 1 \
                and isinstance(current.slice[0].slice, cst.Index) \
                and isinstance(current.slice[0].slice.value, cst.Name) \
                and current.slice[0].slice.value.value == name and isinstance(_root(current.value), cst.Name):
            found.append(current)
        stack.extend(current.children)
    return found


def _root(node: cst.BaseExpression) -> cst.BaseExpression:
    """`LAYOUT` of `LAYOUT["serve"]` (subscripts with one plain index each), else `node` itself."""
    while isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        node = node.value
    return node


def _inner_unchanged(ctx: FileContext, node: cst.Subscript) -> bool:
    """No code changes the inner table `LAYOUT["serve"]` or `LAYOUT[Stage.SERVE]` of a nested
    constant table (nested_tables.py). A member of a `str` Enum stands for its value there (it
    finds the entry its value does); one of another Enum for no string (a store spelled with it
    counts as any key)."""
    from codemods.analysis.enum_keys import MEMBER_KEY, member_key
    from codemods.analysis.nested_tables import inner_dicts_unchanged

    keys: list = []
    while isinstance(node, cst.Subscript):
        index = node.slice[0].slice.value
        key = string_value(index)
        if key is None:
            member = member_key(ctx, index)
            if member is None:
                return False
            key = _member_value(ctx, index) if _str_enum(ctx, index) else None
            if key is None and _str_enum(ctx, index):
                return False
        keys.insert(0, key if key is not None else MEMBER_KEY)
        node = node.value
    return isinstance(node, cst.Name) and inner_dicts_unchanged(ctx, node.value, tuple(keys), False)


def _str_enum(ctx: FileContext, member: cst.Attribute) -> bool:
    from codemods.analysis.named_axes import _enum_kind
    from codemods.analysis.local_names import resolve_name

    binding = resolve_name(ctx, member.value)
    return binding is not None and isinstance(binding.node, cst.ClassDef) and _enum_kind(ctx, binding.node) == "str"


def _member_value(ctx: FileContext, member: cst.Attribute) -> str | None:
    """The string literal a `str` Enum member is bound to in its class body."""
    from codemods.analysis.local_names import resolve_name

    cls = resolve_name(ctx, member.value).node
    for line in cls.body.body:
        for small in line.body if isinstance(line, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                    and isinstance(small.targets[0].target, cst.Name) \
                    and small.targets[0].target.value == member.attr.value:
                return string_value(small.value)
    return None


def _string_items(table) -> dict | None:
    """{key: key node} of a dict literal whose keys are all distinct plain strings."""
    if not isinstance(table, cst.Dict):
        return None
    items: dict = {}
    for element in table.elements:
        if not isinstance(element, cst.DictElement):
            return None
        key = string_value(element.key)
        if key is None or key in items:
            return None
        items[key] = element.key
    return items


def _receiver(ctx: FileContext, function) -> str | None:
    """The first parameter of a method of a module class (its receiver), else None."""
    from codemods.analysis.call_sites import _method_class

    params = [*function.params.posonly_params, *function.params.params]
    return params[0].name.value if params and _method_class(ctx, function) is not None else None
