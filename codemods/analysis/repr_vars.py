"""`vars(self)` read only to print an object: the automatic `__repr__` of a layer base,

    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({args})"

hands out the live attribute dict, but only to walk it and format what it holds: no field can
change through it. Anything else done with `vars(...)` may store a field by name, so the callers
still give up on every field then.

Formatting a value runs its class's `__repr__`/`__str__`/`__format__`; the module's own ones
must then be as harmless: they bind plain local names only and call nothing but `type`, `vars`,
`repr`, `str`, `len`, `", ".join(...)` and `vars(...).items()` (or `.keys()`, `.values()`).
"""
from __future__ import annotations

import ast

_FORMAT_DUNDERS = frozenset({"__repr__", "__str__", "__format__"})
_PURE_BUILTINS = frozenset({"type", "vars", "repr", "str", "len"})
_VIEWS = frozenset({"items", "keys", "values"})
_COMPREHENSIONS = (ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)


def formatting_vars(tree: ast.Module) -> frozenset[int]:
    """Ids of the `vars` names of `vars(obj).items()` walked by a comprehension of a module
    `__repr__`/`__str__` whose loop names are only formatted (`f"{v!r}"`), when every such
    dunder of the module is harmless (see the module docstring); empty otherwise."""
    found = getattr(tree, "_shardfix_formatting_vars", None)
    if found is None:
        found = tree._shardfix_formatting_vars = _formatting_vars(tree)
    return found


def _formatting_vars(tree: ast.Module) -> frozenset[int]:
    # Read from the module's indexes (each an `ast.walk` of the whole module before: a fifth of a
    # `check` of jax's test files). Every id found is a `vars` name's: a module without one has none.
    from codemods.analysis.nodes import names_by_id, nodes_of_type, stored_of_type

    if "vars" not in names_by_id(tree):
        return frozenset()
    rebound = {node.id for node in stored_of_type(tree, ast.Name)}
    rebound |= {alias.asname or alias.name for kind in (ast.Import, ast.ImportFrom) for node in nodes_of_type(tree, kind)
                for alias in node.names}
    rebound |= {node.name for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
                for node in nodes_of_type(tree, kind)}
    if rebound & _PURE_BUILTINS:
        return frozenset()
    dunders = [node for kind in (ast.FunctionDef, ast.AsyncFunctionDef) for node in nodes_of_type(tree, kind)
               if node.name in _FORMAT_DUNDERS]
    if not all(type(dunder) is ast.FunctionDef and not dunder.decorator_list and _harmless(dunder)
               for dunder in dunders):
        return frozenset()
    found = set()
    for dunder in dunders:
        for node in ast.walk(dunder):
            if isinstance(node, _COMPREHENSIONS):
                found |= _formatted_walks(node)
    return frozenset(found)


def _harmless(dunder: ast.FunctionDef) -> bool:
    for node in ast.walk(dunder):
        if node is dunder:
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.Global,
                             ast.Nonlocal, ast.Delete, ast.AugAssign, ast.NamedExpr, ast.Await, ast.Yield,
                             ast.YieldFrom)):
            return False
        if isinstance(node, (ast.Attribute, ast.Subscript)) and not isinstance(node.ctx, ast.Load):
            return False
        if type(node) is ast.Call and not _pure_call(node):
            return False
    return True


def _pure_call(call: ast.Call) -> bool:
    func = call.func
    if type(func) is ast.Name:
        return func.id in _PURE_BUILTINS
    if type(func) is not ast.Attribute:
        return False
    if func.attr == "join":
        return type(func.value) is ast.Constant and type(func.value.value) is str and len(call.args) == 1 \
            and not call.keywords
    return func.attr in _VIEWS and _is_vars_call(func.value) and not call.args and not call.keywords


def _is_vars_call(node: ast.expr) -> bool:
    return type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == "vars" \
        and len(node.args) == 1 and type(node.args[0]) is not ast.Starred and not node.keywords


def _formatted_walks(comprehension: ast.expr) -> set[int]:
    """The `vars` names of the comprehension's generators that walk `vars(obj).items()` into
    names read only as formatted values."""
    parts = [comprehension.key, comprehension.value] if type(comprehension) is ast.DictComp else [comprehension.elt]
    parts += [cond for generator in comprehension.generators for cond in generator.ifs]
    found = set()
    for generator in comprehension.generators:
        walked = generator.iter
        if type(walked) is not ast.Call or walked.args or walked.keywords or type(walked.func) is not ast.Attribute \
                or walked.func.attr not in _VIEWS or not _is_vars_call(walked.func.value):
            continue
        targets = [generator.target] if type(generator.target) is ast.Name else list(getattr(generator.target, "elts", ()))
        if not targets or any(type(target) is not ast.Name for target in targets):
            continue
        names = {target.id for target in targets}
        formatted = {id(node.value) for part in parts for node in ast.walk(part) if type(node) is ast.FormattedValue}
        reads = [node for part in parts for node in ast.walk(part) if type(node) is ast.Name and node.id in names]
        later = [node for other in comprehension.generators if other is not generator
                 for node in ast.walk(other.iter) if type(node) is ast.Name and node.id in names]
        if not later and all(id(node) in formatted for node in reads):
            found.add(id(walked.func.value.func))
    return found


def class_name_reads(tree: ast.Module) -> frozenset[int]:
    """Ids of the `obj.__class__` reads that only name the class (`f"{self.__class__} is
    abstract"`, `self.__class__.__name__`): unlike a store to `__class__` or a call of it (a new
    object), they change no field. Empty when a module class sets a metaclass, whose own
    `__format__` or attributes could run code."""
    found = getattr(tree, "_shardfix_class_name_reads", None)
    if found is None:
        from codemods.analysis.nodes import attributes_by_name, module_parents, nodes_of_type

        reads = attributes_by_name(tree).get("__class__", ())
        parents = module_parents(tree) if reads else {}
        found = frozenset() if any(keyword.arg == "metaclass" for cls in nodes_of_type(tree, ast.ClassDef)
                                   for keyword in cls.keywords) else frozenset(
            id(node) for node in reads if type(node.ctx) is ast.Load and (
                type(parent := parents.get(id(node))) is ast.FormattedValue and parent.value is node
                or type(parent) is ast.Attribute and parent.attr in _NAMES and type(parent.ctx) is ast.Load))
        tree._shardfix_class_name_reads = found
    return found


_NAMES = frozenset({"__name__", "__qualname__", "__module__"})
