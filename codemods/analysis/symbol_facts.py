"""What the whole module says about reading a symbol's chain (symbols.py): which attribute and
item reads give the same value at every read, and what type a read is known to have.

Each fact is one walk of the module, kept on the tree and computed only when a symbol is read
(a file whose shard_maps read none pays nothing).
"""
from __future__ import annotations

import ast
from itertools import compress
from operator import attrgetter

from codemods.analysis.cli_args import any_parses_into
from codemods.analysis.mutation import MUTATORS, mutated_names
from codemods.analysis.nodes import iter_with_scopes, names_by_id, nodes_of_type, param_default, stored_of_type

# Methods that build an object (its attributes set there are its construction, not a change).
_CONSTRUCTION = frozenset({"__init__", "__post_init__", "__new__", "__setstate__"})
# Hooks through which a class computes attribute or item reads (each read may differ).
_ATTRIBUTE_HOOKS = frozenset({"__getattr__", "__getattribute__"})
_ITEM_HOOKS = frozenset({"__getitem__", "__missing__", "__class_getitem__"})
_CHANGE_ANY = frozenset({"setattr", "delattr", "vars"})
_CHANGE_ANY_ATTRIBUTE = frozenset({"__dict__", "__setattr__", "__delattr__"})
_ATTR = attrgetter("attr")
_FLAG_DEFINERS = frozenset({"DEFINE_string", "DEFINE_enum"})
_FRESH_CALLS = frozenset({"dict", "list", "set", "OrderedDict", "defaultdict", "deepcopy", "copy"})


def changed_attributes(tree: ast.Module) -> frozenset[str] | None:
    """Attribute names some code stores or deletes outside the construction of an object
    (`self.axis = axis` in `__init__` builds it); None when code may change any attribute
    (`setattr`, `vars`, `__dict__`, `object.__setattr__`)."""
    if hasattr(tree, "_shardfix_symbol_changed"):
        return tree._shardfix_symbol_changed
    found: set[str] | None = set()
    building: set[int] = set()
    for kind in (ast.FunctionDef, ast.AsyncFunctionDef):
        for function in nodes_of_type(tree, kind):
            if function.name in _CONSTRUCTION and function.args.args:
                owner = function.args.args[0].arg
                building.update(id(node) for node in ast.walk(function)
                                if type(node) is ast.Attribute and type(node.value) is ast.Name and node.value.id == owner)
    # The attributes are chosen in C (most are plain reads of other names): the stores, then
    # the reads spelling a way to change any attribute.
    attributes = nodes_of_type(tree, ast.Attribute)
    found.update([node.attr for node in stored_of_type(tree, ast.Attribute) if id(node) not in building])
    if any(type(node.ctx) is ast.Load or id(node) in building
           for node in compress(attributes, map(_CHANGE_ANY_ATTRIBUTE.__contains__, map(_ATTR, attributes)))):
        found = None
    if found is not None and not _CHANGE_ANY.isdisjoint(names_by_id(tree)):  # the names the module spells
        found = None
    if found is not None and any_parses_into(tree):
        found = None  # argparse stores every option on the namespace it is handed
    result = frozenset(found) if found is not None else None
    tree._shardfix_symbol_changed = result
    return result


def class_members(tree: ast.Module) -> tuple[frozenset[str], bool, bool]:
    """(names some module class defines as a method or property, whether one computes attribute
    reads, whether one computes item reads)."""
    if hasattr(tree, "_shardfix_symbol_members"):
        return tree._shardfix_symbol_members
    names: set[str] = set()
    attributes = items = False
    for cls in nodes_of_type(tree, ast.ClassDef):
        for stmt in cls.body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names.add(stmt.name)
                attributes = attributes or stmt.name in _ATTRIBUTE_HOOKS
                items = items or stmt.name in _ITEM_HOOKS
            elif isinstance(stmt, ast.Assign):  # `axis = property(...)`, `__getitem__ = f`
                for target in stmt.targets:
                    if type(target) is ast.Name and type(stmt.value) is not ast.Constant:
                        names.add(target.id)
                        attributes = attributes or target.id in _ATTRIBUTE_HOOKS
                        items = items or target.id in _ITEM_HOOKS
        # A subclass of a container changes what its items are.
        items = items or any(type(base) in (ast.Name, ast.Attribute) for base in cls.bases)
    result = (frozenset(names), attributes, items)
    tree._shardfix_symbol_members = result
    return result


def items_unchanged(tree: ast.Module) -> bool:
    """No code changes a container in place, except a container the function doing it just
    built (`cfg = dict(...)`, then `cfg["axis"] = ...` before handing it out): at every change
    (`d[k] = v`, `del d[k]`, `d.update(...)`, mutation.py's methods) the name changed is bound in
    that function only by assignments of a new container (not a parameter, not a global)."""
    if hasattr(tree, "_shardfix_symbol_items"):
        return tree._shardfix_symbol_items
    result = True
    if mutated_names(tree):
        for node, scopes in iter_with_scopes(tree):
            changed = None
            if type(node) is ast.Subscript and type(node.ctx) is not ast.Load:
                changed = node.value
            elif type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr in MUTATORS:
                changed = node.func.value
            if changed is None:
                continue
            while type(changed) is ast.Subscript:
                changed = changed.value
            if type(changed) is not ast.Name or not scopes or not _built_here(scopes[-1], changed.id):
                result = False
                break
    tree._shardfix_symbol_items = result
    return result


def _built_here(function, name: str) -> bool:
    if isinstance(function, ast.Lambda) or any(arg.arg == name for arg in ast.walk(function.args) if type(arg) is ast.arg):
        return False
    bound = False
    for node in ast.walk(function):
        if type(node) in (ast.Global, ast.Nonlocal) and name in node.names:
            return False
        if type(node) is ast.Name and node.id == name and type(node.ctx) is ast.Store:
            bound = True
        if type(node) is ast.Assign and any(type(t) is ast.Name and t.id == name for t in node.targets):
            if not _fresh(node.value):
                return False
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For, ast.With, ast.NamedExpr, ast.comprehension)):
            targets = [node.target] if not isinstance(node, ast.With) else [item.optional_vars for item in node.items]
            if any(t is not None and any(type(n) is ast.Name and n.id == name for n in ast.walk(t)) for t in targets):
                return False
        elif type(node) is ast.Assign and any(type(n) is ast.Name and n.id == name
                                              for t in node.targets if type(t) in (ast.Tuple, ast.List, ast.Starred)
                                              for n in ast.walk(t)):
            return False
    return bound


def _fresh(value: ast.expr) -> bool:
    if type(value) in (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp):
        return True
    if type(value) is ast.Call:
        func = value.func
        name = func.attr if type(func) is ast.Attribute else func.id if type(func) is ast.Name else ""
        return name in _FRESH_CALLS
    return False


def argument_types(tree: ast.Module) -> dict[str, str]:
    """The `parse_args()` attributes certainly str: every `add_argument` of that dest has a str
    default and no type but str, no action, no nargs (what the command line gives is a str)."""
    if hasattr(tree, "_shardfix_symbol_arguments"):
        return tree._shardfix_symbol_arguments
    found: dict[str, bool] = {}
    for call in nodes_of_type(tree, ast.Call):
        if type(call.func) is ast.Attribute and call.func.attr in _FLAG_DEFINERS and len(call.args) >= 2:
            name, default = call.args[0], call.args[1]  # absl: `flags.DEFINE_string("axis", "data", ...)`
            if type(name) is ast.Constant and isinstance(name.value, str):
                typed = type(default) is ast.Constant and isinstance(default.value, str)
                found[name.value] = found.get(name.value, True) and typed
            continue
        if not (type(call.func) is ast.Attribute and call.func.attr == "add_argument" and call.args):
            continue
        keywords = {keyword.arg: keyword.value for keyword in call.keywords}
        name = _dest(call, keywords)
        if not name:
            continue
        default = keywords.get("default")
        kind = keywords.get("type")
        typed = (type(default) is ast.Constant and isinstance(default.value, str)
                 and (kind is None or type(kind) is ast.Name and kind.id == "str")
                 and not set(keywords) & {"action", "nargs", "const", None})
        found[name] = found.get(name, True) and typed
    result = {name: "str" for name, typed in found.items() if typed}
    tree._shardfix_symbol_arguments = result
    return result


_SCALARS = ("int", "float", "str")


def _dest(call: ast.Call, keywords: dict) -> str:
    """The attribute `add_argument(...)` stores into, as argparse names it ('' when unknown)."""
    dest = keywords.get("dest")
    if type(dest) is ast.Constant and isinstance(dest.value, str):
        return dest.value
    flags = [arg.value for arg in call.args if type(arg) is ast.Constant and isinstance(arg.value, str)]
    long = [flag for flag in flags if flag.startswith("--")]
    return (long[0] if long else flags[0] if flags else "").lstrip("-").replace("-", "_")


def plain_arguments(tree: ast.Module) -> frozenset[str]:
    """The `parse_args()` attributes certainly a Python number or str, never an array: every
    `add_argument` of that dest has a literal default (or none) and no type but int, float or str
    (not rebound in the module), no nargs, const or action (argparse stores only what `type`
    makes of the command line's text, or the default)."""
    if hasattr(tree, "_shardfix_plain_arguments"):
        return tree._shardfix_plain_arguments
    rebound = {node.id for node in stored_of_type(tree, ast.Name)} \
        | {node.name for node in nodes_of_type(tree, ast.FunctionDef)} | {node.name for node in nodes_of_type(tree, ast.ClassDef)}
    found: dict[str, bool] = {}
    for call in nodes_of_type(tree, ast.Call):
        if type(call.func) is ast.Attribute and call.func.attr == "set_defaults":
            for keyword in call.keywords:
                found[keyword.arg or ""] = False
            continue
        if not (type(call.func) is ast.Attribute and call.func.attr == "add_argument" and call.args):
            continue
        keywords = {keyword.arg: keyword.value for keyword in call.keywords}
        name = _dest(call, keywords)
        default, kind = keywords.get("default"), keywords.get("type")
        plain = (default is None or type(default) is ast.Constant
                 or type(default) is ast.UnaryOp and type(default.operand) is ast.Constant) \
            and (kind is None or type(kind) is ast.Name and kind.id in _SCALARS and kind.id not in rebound) \
            and not set(keywords) & {"action", "nargs", "const", None}
        found[name] = found.get(name, True) and plain
    result = frozenset(name for name, plain in found.items() if plain and name)
    tree._shardfix_plain_arguments = result
    return result


def annotation_kind(annotation: ast.expr | None, classes: dict[str, ast.ClassDef]) -> object:
    """'str', 'dict', a module class, 'none' (None is possible) or None (nothing known)."""
    if annotation is None:
        return None
    if type(annotation) is ast.Constant and isinstance(annotation.value, str):
        try:
            annotation = ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return None
    if type(annotation) is ast.Name:
        if annotation.id == "str":
            return "str"
        if annotation.id in ("dict", "Dict", "Mapping"):
            return "dict"
        return classes.get(annotation.id)
    if type(annotation) is ast.Subscript and type(annotation.value) is ast.Name:
        if annotation.value.id in ("Optional", "Union"):
            return "none"
        if annotation.value.id in ("dict", "Dict", "Mapping"):
            items = annotation.slice.elts if type(annotation.slice) is ast.Tuple else []
            return "strdict" if len(items) == 2 and type(items[1]) is ast.Name and items[1].id == "str" else "dict"
    if type(annotation) is ast.BinOp or type(annotation) is ast.Constant and annotation.value is None:
        return "none"  # `str | None`
    return None


def class_field(cls: ast.ClassDef, attr: str, classes: dict[str, ast.ClassDef]) -> tuple[bool, object]:
    """(whether `attr` is a plain field of the class: annotated in its body or set on self in
    its constructor, and no method or property of it; the field's kind)."""
    kind = None
    field = False
    for stmt in cls.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and stmt.name == attr:
            return False, None
        if type(stmt) is ast.AnnAssign and type(stmt.target) is ast.Name and stmt.target.id == attr:
            if not stmt.simple:
                return False, None  # (`(attr): str = "data"` is no field: not read here)
            if type(stmt.annotation) is ast.Subscript and type(stmt.annotation.value) is ast.Name \
                    and stmt.annotation.value.id == "ClassVar":
                return False, None
            field, kind = True, annotation_kind(stmt.annotation, classes)
            default = stmt.value
            if type(default) is ast.Constant and default.value is None:
                kind = "none"
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == "__init__" and stmt.args.args:
            owner = stmt.args.args[0].arg
            field = field or any(type(node) is ast.Attribute and type(node.ctx) is ast.Store and node.attr == attr
                                 and type(node.value) is ast.Name and node.value.id == owner
                                 for node in ast.walk(stmt))
            param = _init_param(stmt, attr)
            if kind is None and param is not None:  # `self.axis = axis` of `__init__(self, axis="data")`
                default = param_default(stmt.args, param)
                kind = annotation_kind(param.annotation, classes) or (
                    "str" if type(default) is ast.Constant and isinstance(default.value, str) else None)
    stores = [node for stmt in cls.body if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.args.args
              for node in ast.walk(stmt) if type(node) is ast.Attribute and type(node.ctx) is not ast.Load
              and node.attr == attr and type(node.value) is ast.Name and node.value.id == stmt.args.args[0].arg]
    init = next((stmt for stmt in cls.body if type(stmt) is ast.FunctionDef and stmt.name == "__init__"), None)
    if stores and not (len(stores) == 1 and init is not None and init.args.args and _init_param(init, attr) is not None):
        kind = None  # set by construction code (`__post_init__`): its annotation no longer says what it holds
    return field, kind


def _init_param(init: ast.FunctionDef, attr: str) -> ast.arg | None:
    """The parameter `__init__` stores, unchanged, into `self.attr` (its one store there)."""
    owner = init.args.args[0].arg
    stores = [node for node in ast.walk(init) if type(node) is ast.Assign and len(node.targets) == 1
              and type(node.targets[0]) is ast.Attribute and node.targets[0].attr == attr
              and type(node.targets[0].value) is ast.Name and node.targets[0].value.id == owner]
    if len(stores) != 1 or type(stores[0].value) is not ast.Name:
        return None
    name = stores[0].value.id
    params = init.args.posonlyargs + init.args.args[1:] + init.args.kwonlyargs
    if any(type(node) is ast.Name and node.id == name and type(node.ctx) is not ast.Load for node in ast.walk(init)):
        return None  # rebound before the store
    return next((param for param in params if param.arg == name), None)


def strings_given(tree: ast.Module, cls: ast.ClassDef, attr: str) -> bool:
    """Every construction of the class in the file (`Config(...)`, `replace(cfg, attr=...)`,
    `cfg._replace(attr=...)`) gives field `attr` a str literal or leaves its default; its
    annotation then says what it holds."""
    if any(type(stmt) is ast.AnnAssign and not stmt.simple for stmt in cls.body):
        return False  # (a target in parentheses is no field: the positions are not read here)
    fields = [stmt.target.id for stmt in cls.body if type(stmt) is ast.AnnAssign and type(stmt.target) is ast.Name]
    position = fields.index(attr) if attr in fields else None
    init = next((stmt for stmt in cls.body if type(stmt) is ast.FunctionDef and stmt.name == "__init__"), None)
    if init is not None and init.args.args:  # constructions pass `__init__`'s parameters
        param = _init_param(init, attr)
        positional = [arg.arg for arg in init.args.posonlyargs + init.args.args[1:]]
        if param is None:
            return False
        attr = param.arg
        position = positional.index(attr) if attr in positional else None
    for call in nodes_of_type(tree, ast.Call):
        func = call.func
        name = func.attr if type(func) is ast.Attribute else func.id if type(func) is ast.Name else ""
        if name not in (cls.name, "replace", "_replace"):
            continue
        if any(type(arg) is ast.Starred for arg in call.args) or any(k.arg is None for k in call.keywords):
            return False
        given = [k.value for k in call.keywords if k.arg == attr]
        if name == cls.name and position is not None and position < len(call.args):
            given.append(call.args[position])
        if name == cls.name and position is None and call.args:
            return False  # `__init__` takes it positionally somewhere: not read
        if any(not (type(value) is ast.Constant and isinstance(value.value, str)) for value in given):
            return False
    return True
