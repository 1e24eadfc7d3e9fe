"""Dicts and lists change in place: `d['w'] = v`, `parts.append(x)`, a helper that fills a dict
it was given. The interpreter's values are immutable, so a change replaces the object in every
name of every running function that holds it (aliases included); a change the analysis cannot
follow makes the object unknown wherever it is held. A name some code changes in place is never
read from the module's text (its value there may not be the one a body sees)."""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from codemods.analysis.nodes import calls_by_callee, iter_nodes, last_name, module_parents, names_by_id, nodes_of_type
from codemods.analysis.built_tables import initializing_node
from codemods.analysis.enum_values import MemberTable
from codemods.analysis.fresh_copies import fresh_copy_changes
from codemods.analysis.introspection_roads import introspects
from codemods.analysis.own_copies import own_copy_changes
from codemods.analysis.quiet_changes import live
from codemods.analysis.dict_changes import changed_dict
from codemods.analysis.shared_targets import shared_targets
from codemods.analysis.held_names import HOLDING as _HOLDING, alias_key as _alias_key, held as _held, returned_keys
from codemods.analysis.bound_parameters import bound_parameters
from codemods.analysis.reached_mutators import reached_mutators
from codemods.analysis.unread_changers import unread_changes
from codemods.analysis.passed_objects import attribute_globals, augmented_changes, fresh_call, handed_on, names_in, passed_names
from codemods.analysis.values import UNKNOWN, Const, DictValue, Function, Instance, Partial, TupleValue, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

# Methods of list and dict that change the object.
MUTATORS = frozenset({"append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault",
                      "sort", "reverse", "__setitem__", "__delitem__", "__iadd__", "move_to_end"})

# List methods followed on a list of known items, by their argument count.
_GROWERS = {"append": 1, "extend": 1, "insert": 2, "remove": 1}


def _edited(items: list[Value], method: str, args: list[Value]) -> list[Value] | None:
    """The items after `insert(i, x)` (i a constant int) or `remove(x)` (every item and x
    constants); None when not known (remove of an absent item raises)."""
    if method == "insert":
        if not (isinstance(args[0], Const) and type(args[0].value) is int):
            return None
        items.insert(args[0].value, args[1])
        return items
    if not isinstance(args[0], Const) or not all(isinstance(item, Const) for item in items):
        return None
    for index, item in enumerate(items):
        if type(item.value) is type(args[0].value) and item.value == args[0].value:
            return items[:index] + items[index + 1:]
    return None


# The most positional arguments each mutator takes on a list or a dict (`d.pop(k, default)`).
_MOST_POSITIONAL = {"append": 1, "extend": 1, "insert": 2, "pop": 2, "popitem": 0, "remove": 1, "clear": 0,
                    "update": 1, "setdefault": 2, "sort": 0, "reverse": 0, "__setitem__": 2, "__delitem__": 1,
                    "__iadd__": 1}


def may_change(call: ast.Call) -> bool:
    """Whether a call of a mutator's name may change a list or dict in place: not when it passes
    more positional arguments than the list's or dict's method takes (`tx.update(g, state, p)` of
    an optimizer: on a dict it would raise before changing anything)."""
    if any(type(arg) is ast.Starred for arg in call.args):
        return True
    return len(call.args) <= _MOST_POSITIONAL.get(call.func.attr, len(call.args))


def mutated_names(tree: ast.Module) -> frozenset[str]:
    """Names whose object some code of the module changes in place (`d[k] = v`, `del d[k]`,
    `d.update(...)`), at any depth of subscripts."""
    cached = getattr(tree, "_shardfix_mutated", None)
    if cached is not None:
        return cached
    found: set[str] = set()
    deep: set[str] = set()  # names an object held inside of which is changed (`cfg["a"].pop()`)
    # The order does not matter (a set): the module's Subscript nodes and the calls of a
    # mutator's name, from its indexes.
    by_callee = calls_by_callee(tree)
    caught, raised = _raised_objects(tree)
    fresh, fresh_keys = fresh_copy_changes(tree) | own_copy_changes(tree), set()  # (fresh_copies.py, own_copies.py;
    # a loop never run: empty_loops.py)
    for node in live(tree, [*nodes_of_type(tree, ast.Subscript), *(call for name in MUTATORS for call in by_callee.get(name, ())),
                            *(call for name in ("setitem", "delitem") for call in by_callee.get(name, ()))]):
        changed = None
        if id(node) in fresh:
            fresh_keys.add((node.func.value if type(node) is ast.Call else node.value).id)  # `args.pop("type")` of
            # `args = dict(cfg)` (or `args[k] = v`): reaches no other object
            continue
        if type(node) is ast.Subscript and isinstance(node.ctx, (ast.Store, ast.Del)):
            changed = node.value
        elif type(node) is ast.Call and last_name(node.func) in ("setitem", "delitem") and node.args:
            changed = node.args[0]  # `operator.setitem(CONFIG, "sync", v)`
        elif type(node) is ast.Call and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            receiver = node.func.value
            if type(receiver) is ast.Name and receiver.id in _TYPES and node.args:
                changed = node.args[0]  # `list.pop(CONFIG["axes"])`: the method of the type, unbound
            elif may_change(node):
                changed = receiver
        if changed is not None and initializing_node(tree, node, returned=True):
            continue  # a builder's change to its own new copy (built_tables.py)
        if type(changed) is ast.Name and changed.id == "self" and type(node) is ast.Call \
                and node.func.attr in _module_methods(tree):
            continue  # `self.update(...)` of a class defining `update`: a method, not dict.update
        inner = False
        while isinstance(changed, ast.Subscript) or _item_read(changed) is not None:
            inner, changed = True, changed.value if isinstance(changed, ast.Subscript) else _item_read(changed)
        if inner and (copied := _copied(changed)) is not None:
            changed = copied  # `copy.copy(CONFIG)["axes"].pop()`: a shallow copy shares the items
        if type(changed) is ast.Call and _copied(changed) is None:  # `get_config()["sync"] = ...`
            found |= returned_keys(tree, changed)
            deep |= returned_keys(tree, changed) if inner else set()
            if not fresh_call(changed):  # `getattr(root, k)[key] = v`: an argument or an item of one
                found |= passed_names(changed)
                deep |= passed_names(changed)
        if changed is not None and _root_name(changed) in caught:
            found |= raised  # `err.args[0]["axes"] = a` of `raise LookupError(LAYERS[0])`: LAYERS' object
            deep |= raised
        key = _alias_key(changed) if changed is not None else None
        if key is not None:
            found.add(key)  # (`self.params["w"] = ...`: keyed ".params")
            found |= attribute_globals(tree, key)  # (`sys.modules[__name__].CONFIG["k"] = v`)
            if inner:
                deep.add(key)
                deep |= attribute_globals(tree, key)
    if any(isinstance(node.ctx, ast.Load) for node in names_by_id(tree).get("globals", ())):
        found |= _reached_by_globals(tree)
    if introspects(tree, unseen=False):  # (`sys._getframe(1).f_locals["state"]["axes"] = ...`: a running function's locals)
        found |= {node.id for node in ast.walk(tree) if type(node) is ast.Name and not isinstance(node.ctx, ast.Load)}
        found |= {node.arg for node in ast.walk(tree) if type(node) is ast.arg}
    from codemods.analysis.changed_args import handed_to_changers  # it reads MUTATORS from here

    found |= handed_to_changers(tree)
    found |= augmented_changes(tree)  # `cfg |= {...}`, `axes += [a]` on a parameter or a field: in place
    found |= reached_mutators(tree)  # `drop = AXES.pop`, `getattr(AXES, "pop")()` (reached_mutators.py)
    found |= unread_changes(tree)  # `heapq.heappush(h, x)`, `type(X).pop(X)` (unread_changers.py)
    if found:
        found |= _aliased(tree, found, deep)
    found |= fresh_keys
    result = frozenset(found)
    tree._shardfix_mutated = result
    return result


def _raised_objects(tree: ast.Module) -> tuple[frozenset[str], frozenset[str]]:
    """The names `except ... as NAME` binds, and the names whose objects a raised exception may
    carry (`raise LookupError(LAYERS[0])`: its `args` hold LAYERS' item itself, and a handler's
    change through them changes LAYERS; found by adversarial28). Any call's arguments in a
    `raise` count, and so do those of any call the raised name was bound to."""
    caught = frozenset(node.name for node in nodes_of_type(tree, ast.ExceptHandler) if node.name)
    if not caught:
        return caught, frozenset()
    raised: set[str] = set()
    for node in nodes_of_type(tree, ast.Raise):
        for inner in ast.walk(node):
            if type(inner) is ast.Call:
                for arg in (*inner.args, *(keyword.value for keyword in inner.keywords)):
                    raised |= names_in(arg)
    for node in nodes_of_type(tree, ast.Call):  # `err = LookupError(LAYERS[0]); raise err`: any exception made
        if type(node.func) in (ast.Name, ast.Attribute) and last_name(node.func).endswith(("Error", "Exception", "Warning")):
            for arg in (*node.args, *(keyword.value for keyword in node.keywords)):
                raised |= names_in(arg)
    return caught, frozenset(raised)


def _reached_by_globals(tree: ast.Module) -> set[str]:
    """The module names `globals()` may change: any, where something stores into it
    (`globals()[k] = v`, `.update`); else those holding a dict, list or set, which an item it
    gives may change (`globals()["CONFIG"]["axes"].pop()`)."""
    parents = module_parents(tree)
    stored = False
    for name in names_by_id(tree).get("globals", ()):
        call = parents.get(id(name))
        use = parents.get(id(call))
        if type(use) is ast.Subscript and not isinstance(use.ctx, ast.Load) \
                or type(use) is ast.Attribute and use.attr in MUTATORS:
            stored = True
    return {target.id for stmt in tree.body if isinstance(stmt, ast.Assign) for target in stmt.targets
            if isinstance(target, ast.Name) and (stored or not isinstance(stmt.value, (ast.Tuple, ast.Constant)))}


# Builtin types whose methods, read on the type, change their first argument (`list.pop(x)`).
_TYPES = frozenset({"list", "dict", "set", "bytearray"})
# Methods that give back an item of their object (`CONFIG.get("axes").pop()` changes that item),
# or views of its items (`for axes in CONFIG.values(): axes.pop()`).
_ITEM_READS = frozenset({"get", "setdefault", "pop", "values", "items", "popitem"})


def _item_read(node: ast.expr | None) -> ast.expr | None:
    """X of `X.get(k)`, `X.values()` and the like: what `node` takes an item of; else None."""
    if type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in _ITEM_READS:
        return node.func.value
    return None


def _copied(node: ast.expr | None) -> ast.expr | None:
    """X of a shallow copy `copy.copy(X)`, `dict(X)`, `list(X)`, `X.copy()`: the copy holds X's
    own items; else None."""
    if type(node) is not ast.Call:
        return None
    if type(node.func) is ast.Attribute and node.func.attr == "copy" and not node.args:
        return node.func.value if _alias_key(node.func.value) else None
    name = node.func.id if type(node.func) is ast.Name else node.func.attr if type(node.func) is ast.Attribute else None
    if name in ("copy", "dict", "list", "tuple", "set", "OrderedDict") and len(node.args) == 1:
        return node.args[0]
    return None


def _module_methods(tree: ast.Module) -> frozenset[str]:
    """The names of the methods the module's classes define."""
    return frozenset(stmt.name for cls in nodes_of_type(tree, ast.ClassDef) for stmt in cls.body
                     if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)))


def iterated_only(tree: ast.Module, attr: str) -> bool:
    """Every read of `obj.attr` in the module is what a loop iterates (`for cb in self.callbacks`):
    a list held there (`self.callbacks = list(callbacks)`) is then never changed in place, through
    the attribute or through another name."""
    if "." + attr in mutated_names(tree):
        return False
    iterated = {id(node.iter) for node in ast.walk(tree) if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension))}
    return all(id(node) in iterated for node in nodes_of_type(tree, ast.Attribute)
               if node.attr == attr and isinstance(node.ctx, ast.Load))


def _aliased(tree: ast.Module, changed: set[str], deep: set[str] = frozenset()) -> set[str]:
    """The names whose objects a change through a changed name may reach: `view = axes;
    view.pop()` changes `axes` (one object, two names), `self.axes = axes; self.axes.pop()` too;
    `row = table[0]; row.append(x)` or `for row in table: row.append(x)` changes what `table`
    holds, and so does changing `axes` after `table = [axes]` or `table["k"] = axes`. (Appending to
    `table` changes none of the objects it holds.) Names are matched whatever their scopes."""
    reaches, holds, copies, items_of = _alias_graph(tree)
    # A change inside an object (`cfg["a"].pop()`, or through one of its items) may change any
    # object it holds; so may a change of such an object, in turn.
    reached: set[str] = set()
    pending = [name for name in changed]
    deepened = set(deep)
    while pending:
        name = pending.pop()
        targets = set(reaches.get(name, ()))
        if name in deepened:
            targets |= holds.get(name, set())
            for other in copies.get(name, ()):  # a change inside a shallow copy is one inside its original
                if other not in deepened:
                    deepened.add(other)
                    pending.append(other)
                    if other not in changed:
                        reached.add(other)
        for other in items_of.get(name, ()):
            if other not in deepened:
                deepened.add(other)  # a change through an item is a change inside its holder
                pending.append(other)
        for other in targets:
            if name in deepened and other in holds.get(name, ()) and other not in deepened:
                deepened.add(other)
                pending.append(other)
            if other not in changed and other not in reached:
                reached.add(other)
                pending.append(other)
    return reached


def _alias_graph(tree: ast.Module) -> tuple[dict, dict, dict, dict]:
    """The module's ties between names, whatever is asked of them (reaches, holds, copies,
    items_of: see _aliased), made once and kept on the tree; read, never changed, by each ask."""
    cached = tree.__dict__.get("_shardfix_alias_graph")
    if cached is not None:
        return cached
    reaches: dict[str, set[str]] = {}  # a change through the key reaches the objects of these
    holds: dict[str, set[str]] = {}  # the objects of these may sit inside the key's
    copies: dict[str, set[str]] = {}  # the key's object is a shallow copy of these: their items
    items_of: dict[str, set[str]] = {}  # the key's object may be an item of these

    def edge(source: str, target: str) -> None:
        reaches.setdefault(source, set()).add(target)

    def tie(target: ast.expr, value: ast.expr | None, element: bool = False) -> None:
        """`target = value` (`element`: target is bound to an item of value, as a `for` target)."""
        if _item_read(value) is not None:  # `axes = CONFIG.get("axes")`, `for v in CONFIG.values()`
            tie(target, ast.Subscript(value=_item_read(value), slice=ast.Constant(None)), element)
            return
        if type(value) not in _HOLDING and _copied(value) is None:
            if (passed := handed_on(value)) is not None:  # `sorted(CONFIG.items())`, `[s for s in ...]`
                tie_passed(target, *passed, element)
            return  # an operation, a literal, a fresh call: a new object
        if type(target) in (ast.Tuple, ast.List) and type(value) in (ast.Tuple, ast.List) \
                and len(target.elts) == len(value.elts) and not element \
                and not any(type(item) is ast.Starred for item in (*target.elts, *value.elts)):
            for inner, item in zip(target.elts, value.elts):
                tie(inner, item)
            return
        if type(target) in (ast.Tuple, ast.List, ast.Starred):
            for inner in (target.elts if type(target) is not ast.Starred else [target.value]):
                tie(inner, value, True)  # `a, b = pair`: items of it
            return
        if (copied := _copied(value)) is not None and _alias_key(copied := _item_read(copied) or copied) is not None \
                and _alias_key(target) is not None:
            copies.setdefault(_alias_key(target), set()).add(_alias_key(copied))  # shares its items
            return
        filled = type(target) is ast.Subscript  # `d["k"] = axes`: d now holds axes
        while type(target) is ast.Subscript:
            target = target.value
        key = _alias_key(target)
        if key is None or value is None:
            return
        same, inside, around = _held(value)
        if element:
            around, same, inside = around | same | inside, set(), set()
        if filled:
            inside, same = inside | same, set()
        for other in same:  # one object under two names
            edge(key, other)
            edge(other, key)
        for other in inside:  # objects the target holds: a change to them changes it
            edge(other, key)
            holds.setdefault(key, set()).add(other)
        for other in around:  # the target is an item of theirs
            edge(key, other)
            items_of.setdefault(key, set()).add(other)

    def tie_passed(target: ast.expr, around: set[str], items: set[str], element: bool) -> None:
        """`target = call(...)` whose result may be an item of `around` (a view) or a new
        container holding items of `items`."""
        if type(target) in (ast.Tuple, ast.List, ast.Starred):
            for inner in (target.elts if type(target) is not ast.Starred else [target.value]):
                tie_passed(inner, around, items, True)
            return
        key = _alias_key(_base(target))
        if key is None:
            return
        for other in around | items:
            if type(target) is ast.Subscript:  # `d["k"] = call(...)`: d holds it
                edge(other, key)
                holds.setdefault(key, set()).add(other)
            elif element or other in around:  # an item of theirs: a change through it is one inside them
                edge(key, other)
                items_of.setdefault(key, set()).add(other)
            else:  # a new object holding their items: a change inside it is one inside them
                copies.setdefault(key, set()).add(other)

    kept = _fields_of_lone_params(tree)
    for node in nodes_of_type(tree, ast.Assign):
        if id(node) in kept:  # the field holds what each call hands: no name of the caller's is tied by spelling,
            edge(_alias_key(node.targets[0]), node.value.id)  # but a change through it reaches what calls hand
            continue
        for target in node.targets:
            tie(target, node.value)
        for one, other in shared_targets(node, _alias_key):  # `a = b = {...}`, `a, b = f()`
            edge(one, other)
    for kind in (ast.AnnAssign, ast.NamedExpr):
        for node in nodes_of_type(tree, kind):
            tie(node.target, node.value)
    for kind in (ast.For, ast.AsyncFor, ast.comprehension):
        for node in nodes_of_type(tree, kind):
            tie(node.target, node.iter, True)
    for call in nodes_of_type(tree, ast.Call):  # `table.append(axes)`: table now holds axes
        func = call.func
        if type(func) is ast.Attribute and func.attr in _FILLERS and may_change(call) \
                and (key := _alias_key(_base(func.value))):
            for arg in (*call.args, *(keyword.value for keyword in call.keywords)):
                same, inside, _ = _held(arg.value if type(arg) is ast.Starred else arg)
                for other in same | inside:
                    edge(other, key)
                    holds.setdefault(key, set()).add(other)
    # A parameter holds what a call or a default gives it: a change through the parameter changes
    # that object. (A change of the caller's object is the caller's name's: where a parameter's
    # value is read from its callers, their names are checked, callers.py.)
    for params, given, element in bound_parameters(tree):
        same, _, _ = _held(given)
        # `f([a, b])`, `f(sorted(xs))`: the parameter holds, or is an item of, these. (An item
        # handed as `f(CONFIG["mesh"])` is not tied: with the flow-blind deepening below, a
        # tree walk's `node[leaf] = value` then reached every config handed to a walker, 10
        # development findings; adversarial12's object_given_nested_section stays a known miss.)
        handed = set() if type(given) is ast.Subscript else names_in(given) - same
        for param in params:
            for other in same | handed:
                edge(param, other)
                if element or other in handed:  # `f(*args)`, `C(**fields)`: the parameter holds an item of theirs
                    items_of.setdefault(param, set()).add(other)
    tree._shardfix_alias_graph = (reaches, holds, copies, items_of)
    return reaches, holds, copies, items_of


# Methods that put their arguments inside the object (`parts.append(x)`, `d.setdefault(k, x)`).
_FILLERS = frozenset({"append", "extend", "insert", "setdefault", "update", "__setitem__", "add"})


def _base(node: ast.expr) -> ast.expr:
    while isinstance(node, ast.Subscript):
        node = node.value
    return node


def _fields_of_lone_params(tree: ast.Module) -> set[int]:
    """`self.layers = layers` in a def whose parameter `layers` is read nowhere else there (and
    never stored, deleted or declared global): the field is tied to the object each call hands,
    which no spelling names; a change through the field is a change of `.layers` itself."""
    found: set[int] = set()
    for function in [*nodes_of_type(tree, ast.FunctionDef), *nodes_of_type(tree, ast.AsyncFunctionDef)]:
        args = function.args
        params = {arg.arg for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
        stores = [stmt for stmt in function.body if type(stmt) is ast.Assign and len(stmt.targets) == 1
                  and type(stmt.targets[0]) is ast.Attribute and type(stmt.value) is ast.Name and stmt.value.id in params]
        uses: dict[str, list[ast.Name]] = {}
        for node in iter_nodes(function) if stores else ():  # (most defs: their nodes need no walk)
            if type(node) is ast.Name and node.id in params:
                uses.setdefault(node.id, []).append(node)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                params -= set(node.names)
        for stmt in stores:
            if stmt.value.id in params and uses.get(stmt.value.id) == [stmt.value]:
                found.add(id(stmt))
    return found


def _root_name(node: ast.expr) -> str | None:
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def containers(value: Value) -> list[Value]:
    """The dicts and lists (and tuples) inside a value, itself included."""
    if isinstance(value, (TupleValue, DictValue, MemberTable)):
        return [value] + [inner for item in value.items for inner in containers(item)]
    return []


class Mutations:
    """The in-place half of the Interpreter (which supplies eval, lookup and the running frames)."""

    def store_item(self, target: ast.Subscript, value: Value, frame: Frame) -> None:
        """`d['w'] = v` / `parts[0] = v`: the dict or list held by a name gets the item; anything
        else held under it becomes unknown."""
        if not isinstance(target.value, ast.Name):
            if not any(isinstance(node, ast.Call) for node in iter_nodes(target.value)):
                self.forget_object(self.eval(target.value, frame))  # `d['a']['b'] = v`, `self.params['w'] = v`
            root = _root_name(target.value)
            if root is not None:
                self.forget_object(self.lookup(root, frame))
            return
        old = self.lookup(target.value.id, frame)
        if not isinstance(old, (TupleValue, DictValue)):
            return
        key = self.eval(target.slice, frame) if isinstance(target.slice, (ast.Constant, ast.Name)) else UNKNOWN
        new: Value = UNKNOWN
        if isinstance(old, DictValue) and isinstance(key, Const) and isinstance(key.value, str):
            items = dict(zip(old.keys, old.items))
            items[key.value] = value
            new = DictValue(tuple(items), tuple(items.values()))
        elif isinstance(old, TupleValue) and isinstance(key, Const) and type(key.value) is int \
                and -len(old.items) <= key.value < len(old.items):
            items = list(old.items)
            items[key.value] = value
            new = TupleValue(tuple(items), "list")  # (a tuple raises: only a list gets here)
        self.replace_object(old, new)

    def forget_object(self, value: Value) -> None:
        """Every dict or list in `value` may have changed in a way not followed."""
        for inner in containers(value):
            self.replace_object(inner, UNKNOWN)

    def forget_arguments(self, args, keywords) -> None:
        """Code the analysis does not run was given these values: it may change them."""
        self.unseen_code()  # and any field of an object (run_fields.py)
        for value, _ in list(args) + list(keywords.values()):
            self.forget_object(value)

    def replace_object(self, old: Value, new: Value) -> None:
        """Every name of the running functions (and the functions around them) that holds `old`
        holds `new` now; one holding a value with `old` inside is unknown."""
        seen: set[int] = set()
        for running in self.running:
            current: Frame | None = running
            while current is not None and id(current) not in seen:
                seen.add(id(current))
                for name, held in list(current.vars.items()):
                    if held is old:
                        current.vars[name] = new
                    elif any(inner is old for inner in containers(held)):
                        current.vars[name] = UNKNOWN
                current = current.parent

    def grow_list(self, target: ast.expr, receiver: Value, method: str, args, keywords, starred, frame: Frame):
        """`parts.append(x)` / `parts.extend(xs)` on a list that only this name of the running
        function holds (axis names collected in a loop): the name holds the longer list, and the
        call gives None; a dict's `pop`/`update`/`setdefault` likewise (dict_changes.py). None when the container may be seen from anywhere
        else (it is then forgotten instead)."""
        if isinstance(receiver, DictValue):
            return changed_dict(self, target, receiver, method, args, keywords, starred, frame)  # (dict_changes.py)
        if method not in _GROWERS or keywords or starred or len(args) != _GROWERS[method] \
                or not isinstance(target, ast.Name) or frame.vars.get(target.id) is not receiver:
            return None
        from codemods.analysis.sequences import items_of

        items = items_of(receiver) if isinstance(receiver, (TupleValue, Const)) else None
        if items is None or isinstance(receiver, Const) and not isinstance(receiver.value, tuple):
            return None
        if method in ("insert", "remove"):  # `axes.remove('pipe')`, `axes.insert(0, 'data')`
            items = _edited(list(items), method, [value for value, _ in args])
            if items is None or self._seen_elsewhere(receiver, target.id, frame):
                return None
            frame.vars[target.id] = TupleValue(tuple(items), "list")  # (a tuple has no such method)
            return Const(None)
        added = [args[0][0]] if method == "append" else items_of(args[0][0])
        if added is None or self._seen_elsewhere(receiver, target.id, frame):
            return None
        frame.vars[target.id] = TupleValue(tuple(items) + tuple(added), "list")
        return Const(None)

    def _seen_elsewhere(self, obj: Value, name: str, frame: Frame) -> bool:
        """Is `obj` reachable from a value other than `frame`'s `name`: another name or frame,
        an object, a closure, or a value read from the module's text?"""
        seen: set[int] = set()
        pending: list[Value] = list(self._static.values())
        for running in self.running:
            current: Frame | None = running
            while current is not None:
                pending.extend(held for key, held in current.vars.items() if current is not frame or key != name)
                current = current.parent
        while pending:
            value = pending.pop()
            if id(value) in seen:
                continue
            seen.add(id(value))
            if value is obj:
                return True
            if isinstance(value, (TupleValue, DictValue)):
                pending.extend(value.items)
            elif isinstance(value, Instance) and value.fields is not None:
                pending.extend(item for _, item in value.fields)
            elif isinstance(value, Partial):
                pending.extend((value.func,) + value.args + tuple(item for _, item in value.keywords))
            elif isinstance(value, Function) and value.closure is not None and len(seen) < 10000:
                pending.extend(held for key, held in value.closure.vars.items()
                               if value.closure is not frame or key != name)
        return False


def changed_in_other_scopes(scope, name: str, owner) -> bool:
    """Every in-place change of `name` (`passes.append(...)`) is of another function's own
    variable of that name, never of the one function `owner` binds: names are matched by
    spelling above, and a builder's local list it fills before returning is not the caller's
    name. False when a change may reach it another way (an alias, a helper it is handed to)."""
    tree = scope.tree
    parents = module_parents(tree)
    changes, names = _changed_names(tree)
    sites = changes.get(name, [])
    from codemods.analysis.changed_args import handed_to_changers

    handed = handed_to_changers(tree)
    if name in handed or not sites or name in _aliased(tree, (names - {name}) | handed):
        return False
    return all(_resolving_function(scope, site, parents) not in (owner, None) for site in sites)


def _changed_names(tree: ast.Module) -> tuple[dict[str, list[ast.Name]], set[str]]:
    """The names changed in place (`d[k] = v`, `d.pop(k)`) by their spelling, each with its sites
    in order, and all those spellings: kept on the tree (each field of each class asked again)."""
    cached = tree.__dict__.get("_shardfix_changed_in_place")
    if cached is not None:
        return cached
    by_callee = calls_by_callee(tree)
    sites: dict[str, list[ast.Name]] = {}
    for node in [*nodes_of_type(tree, ast.Subscript), *(call for method in MUTATORS for call in by_callee.get(method, ()))]:
        changed = node.value if type(node) is ast.Subscript and isinstance(node.ctx, (ast.Store, ast.Del)) else \
            node.func.value if type(node) is ast.Call and isinstance(node.func, ast.Attribute) \
            and node.func.attr in MUTATORS and may_change(node) else None
        while isinstance(changed, ast.Subscript):
            changed = changed.value
        if isinstance(changed, ast.Name):
            sites.setdefault(changed.id, []).append(changed)
    found = tree._shardfix_changed_in_place = (sites, set(sites))
    return found


def _resolving_function(scope, site: ast.Name, parents):
    """The function whose variable `site` names (None: a module-level name)."""
    node = parents.get(id(site))
    while node is not None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            declared = [stmt for stmt in ast.walk(node) if isinstance(stmt, (ast.Global, ast.Nonlocal))
                        and site.id in stmt.names]
            if any(type(stmt) is ast.Global for stmt in declared):
                return None
            if type(node) is ast.Lambda and any(arg.arg == site.id for arg in ast.walk(node.args) if type(arg) is ast.arg):
                return node
            if not declared and type(node) is not ast.Lambda and scope.locals_of(node).binds(site.id):
                return node
        node = parents.get(id(node))
    return None
