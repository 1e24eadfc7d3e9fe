"""Contexts a method of an object picks by one of its options (issue 13): an orbax-like restorer
enters the mesh only when asked,

    def _context(self):
        return jax.set_mesh(self.mesh) if self.options.enter_mesh_context else contextlib.nullcontext()

    def restore(self, saved, args):
        with self._context():
            ...

Such a method (a plain def of a module class without bases, keywords or decorators, whose whole
body returns a setter call or a context that sets no mesh, chosen by a condition) hands the
setter's context only to `with self.<method>():` items in methods of its class, so it sets no
mesh for good (entered_meshes.py). Inside those `with` blocks the mesh is set or not depending on
the object: the block sets none when, for every construction `Cls(...)` in the module, the
interpreter reads the condition as the Python bool that picks the other context (the fields it
reads written only by `__init__`, nothing in the module writing attributes by name). Whether
every object of the class comes from such a construction is what mesh_reach.py asks anyway
before following the class's methods (`instances_kept`).
"""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.bindings import ast_dotted, resolve_dotted
from codemods.analysis.nodes import nodes_of_type

_DYNAMIC = frozenset({"setattr", "delattr", "vars", "__dict__", "__setattr__"})


def chooser_methods(tree: ast.Module, bindings) -> dict[tuple[str, str], tuple[ast.ClassDef, ast.FunctionDef]]:
    """(class name, method name) -> (class, method) of the methods described above."""
    cache = tree.__dict__.setdefault("_shardfix_context_choosers", {})
    if id(bindings) not in cache:
        cache[id(bindings)] = _choosers(tree, bindings)
    return cache[id(bindings)]


def chosen_setters(tree: ast.Module, bindings) -> set[int]:
    """Ids of the setter reads those methods make, and those of `with (<setter>(...) if c else
    contextlib.nullcontext()):` items: each reaches only a `with` item."""
    choices = [method.body[0].value for _, method in chooser_methods(tree, bindings).values()]
    choices += [node.context_expr for node in nodes_of_type(tree, ast.withitem)  # (the module's index)
                if isinstance(node.context_expr, ast.IfExp) and _setter_branch(node.context_expr, bindings)]
    return {id(_setter_branch(choice, bindings)[0].func) for choice in choices}


def _neutral_call(expr: ast.expr, bindings) -> bool:
    from codemods.analysis.mesh_reach import NEUTRAL_CONTEXTS

    return isinstance(expr, ast.Call) and resolve_dotted(bindings, ast_dotted(expr.func) or "") in NEUTRAL_CONTEXTS


def _setter_branch(choice: ast.IfExp, bindings) -> tuple[ast.Call, bool] | None:
    """(the setter call, whether it is the branch taken when the condition is true)."""
    for setter, other, when in ((choice.body, choice.orelse, True), (choice.orelse, choice.body, False)):
        if isinstance(setter, ast.Call) and resolve_dotted(bindings, ast_dotted(setter.func) or "") \
                in jaxapi.CONTEXT_MESH_SETTERS and _neutral_call(other, bindings):
            return setter, when
    return None


def _choosers(tree: ast.Module, bindings):
    parents = None  # (made when a method qualifies: most modules have none)
    found = {}
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef) or cls.bases or cls.keywords or cls.decorator_list:
            continue
        for method in cls.body:
            if not isinstance(method, ast.FunctionDef) or method.decorator_list or len(method.args.args) != 1 \
                    or len(method.body) != 1 or not isinstance(method.body[0], ast.Return) \
                    or not isinstance(method.body[0].value, ast.IfExp) \
                    or _setter_branch(method.body[0].value, bindings) is None:
                continue
            if sum(1 for stmt in cls.body for node in ast.walk(stmt) if isinstance(node, (ast.Name, ast.FunctionDef))
                   and getattr(node, "id", getattr(node, "name", None)) == method.name) != 1:
                continue  # bound twice in the class body
            if parents is None:
                parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
            if _only_entered_on_self(tree, cls, method.name, parents):
                found[(cls.name, method.name)] = (cls, method)
    return found


def _only_entered_on_self(tree, cls: ast.ClassDef, name: str, parents) -> bool:
    """Every `.name` read in the module is `self.name()` as a `with` item without `as`, in a
    method of the class whose first parameter is `self`."""
    uses = [node for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr == name]
    for use in uses:
        call = parents.get(id(use))
        item = parents.get(id(call))
        if not (isinstance(use.ctx, ast.Load) and isinstance(call, ast.Call) and call.func is use
                and not call.args and not call.keywords and isinstance(item, ast.withitem)
                and item.context_expr is call and item.optional_vars is None):
            return False
        if own_method(use, parents, cls) is None:
            return False
    return bool(uses)


def own_method(use: ast.Attribute, parents, cls: ast.ClassDef) -> ast.FunctionDef | None:
    """The method of `cls` in which `use` reads an attribute of the method's `self`."""
    node = parents.get(id(use))
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
        node = parents.get(id(node))
    if not isinstance(node, ast.FunctionDef) or parents.get(id(node)) is not cls or not node.args.args:
        return None
    return node if isinstance(use.value, ast.Name) and use.value.id == node.args.args[0].arg else None


class ContextChoices:
    """Whether a `with self.<chooser>():` item sets no mesh, decided with the module's interpreter."""

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self._interp = None
        self._answers: dict[tuple[str, str], bool] = {}

    def sets_none(self, expr: ast.expr, parents) -> bool:
        tree, bindings = self.ctx.tree, self.ctx.imports.bindings
        if isinstance(expr, ast.IfExp) and _setter_branch(expr, bindings) is not None:
            return self._inline_choice(expr, parents)
        if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute)):
            return False
        for (cls_name, name), (cls, method) in chooser_methods(tree, bindings).items():
            if name == expr.func.attr and own_method(expr.func, parents, cls) is not None:
                if (cls_name, name) not in self._answers:
                    self._answers[(cls_name, name)] = self._never_setter(cls, method, method.body[0].value, parents)
                return self._answers[(cls_name, name)]
        return False

    def _inline_choice(self, choice: ast.IfExp, parents) -> bool:
        """`with (<setter>(...) if c else nullcontext()):` where `c` reads module names (or, in a
        method, fields of its object)."""
        _, when = _setter_branch(choice, self.ctx.imports.bindings)
        scopes = _scopes(choice, parents)
        if scopes is None:
            return False
        from codemods.analysis.values import Const

        interp = self._interpreter()
        answer = interp.eval(choice.test, interp._static_frame(scopes))
        if isinstance(answer, Const) and type(answer.value) is bool:
            return answer.value is not when
        method = scopes[-1] if scopes else None
        cls = parents.get(id(method)) if method is not None else None
        if not isinstance(cls, ast.ClassDef) or cls.bases or cls.keywords or cls.decorator_list \
                or not isinstance(parents.get(id(cls)), ast.Module) or len(scopes) != 1 or not method.args.args:
            return False
        me = method.args.args[0].arg
        bound = {node.arg for node in ast.walk(method.args) if isinstance(node, ast.arg)} | {
            node.id for node in ast.walk(method) if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load)}
        if any(isinstance(node, ast.Name) and node.id != me and node.id in bound for node in ast.walk(choice.test)):
            return False  # the condition reads the method's own names: read per call, not per object
        return self._never_setter(cls, method, choice, parents)

    def _never_setter(self, cls: ast.ClassDef, method: ast.FunctionDef, choice: ast.IfExp, parents) -> bool:
        tree = self.ctx.tree
        _, when = _setter_branch(choice, self.ctx.imports.bindings)
        if not _fields_fixed(tree, cls, choice.test):
            return False
        constructions = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
                         and isinstance(node.func, ast.Name) and node.func.id == cls.name]
        if not constructions:
            return False
        from codemods.analysis.interpreter import Frame
        from codemods.analysis.values import Const, Instance

        interp = self._interpreter()
        for call in constructions:
            scopes = _scopes(call, parents)
            if scopes is None:
                return False
            built = interp.eval(call, interp._static_frame(scopes))
            if not isinstance(built, Instance) or built.cls is not cls or built.fields is None:
                return False
            answer = interp.eval(choice.test, Frame(method, interp.module_frame, vars={method.args.args[0].arg: built}))
            if not (isinstance(answer, Const) and type(answer.value) is bool and answer.value is not when):
                return False
        return True

    def _interpreter(self):
        if self._interp is None:
            from codemods.analysis.spec_symbols import _interpreter

            self._interp = _interpreter(self.ctx)
        return self._interp


def _scopes(node: ast.AST, parents) -> tuple[ast.FunctionDef, ...] | None:
    """The functions around `node`, outermost first (None inside a lambda, class body or comprehension)."""
    found = []
    node = parents.get(id(node))
    while node is not None and not isinstance(node, ast.Module):
        if isinstance(node, (ast.Lambda, ast.ClassDef, ast.AsyncFunctionDef, ast.ListComp, ast.SetComp,
                             ast.DictComp, ast.GeneratorExp)):
            return None
        if isinstance(node, ast.FunctionDef):
            found.append(node)
        node = parents.get(id(node))
    return tuple(reversed(found))


def _fields_fixed(tree: ast.Module, cls: ast.ClassDef, test: ast.expr) -> bool:
    """Every attribute the condition reads is written only in the class's `__init__` (a frozen
    options object's fields are written by no code of the module), and nothing writes attributes
    by name."""
    names = {node.attr for node in ast.walk(test) if isinstance(node, ast.Attribute)}
    init = next((stmt for stmt in cls.body if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__"), None)
    allowed = {id(node) for node in ast.walk(init)} if init is not None else set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in names and not isinstance(node.ctx, ast.Load) \
                and id(node) not in allowed:
            return False
        if isinstance(node, ast.Name) and node.id in _DYNAMIC or isinstance(node, ast.Attribute) and node.attr in _DYNAMIC:
            return False
    return True
