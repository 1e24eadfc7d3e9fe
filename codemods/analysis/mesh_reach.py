"""Whether a call certainly runs without a context mesh (the module may set one elsewhere).

`top_level_all_gather` checks the context mesh before anything else, whatever its input. A helper
library calls it in a module function; the script sets `jax.set_mesh` for training but calls the
helper after the `with` block has closed. The call runs without a mesh when it stands outside any
`with` that may set one, in a function every reference to which is a call that does so too, back
to code at module level (the `if __name__ == "__main__":` block). Read on Python's `ast` of the
whole file, once per module (kept on the tree).

Followed on the way: a function nested in another, or a lambda bound once to a name (called where
its name is read); a lambda or function handed to `jax.tree.map` / `tree_map_with_path` (run where
the map runs), to an entry runner (`absl.app.run`, `fire.Fire`, `typer.run`) or under an entry
decorator (click, `hydra.main`): they set no mesh; applied at once (`partial(f, a)(x)`, `list(map(f,
xs))`); cached (`functools.cache`); `jax.jit` on the function holding the call (decorating it, or
`jax.jit(f)(x)`) when its traced body enters no `with` and calls nothing of the module's (jit traces
under the caller's context mesh; a `jax.set_mesh` under jit raises its own error); `with` blocks of
contexts that set no mesh: known ones (`open`, `jax.profiler.trace`, `contextlib.suppress`, ...), a
`Mesh` itself (`with mesh:`, deprecated: no context mesh since jax 0.8.1) and the module's own
context managers when no code in the module suspends inside a `with`. A plain method of a module
class without bases (or a dataclass; static and class methods too) is followed through every
`obj.name(...)` read in the module, when no instance of the class (nor `self`) leaves the code seen
(method_reach.py);
so is an instance bound in the script's `__main__` block, and a method returning `self` for
chaining; a def a registering decorator files in a module table runs at each call of the table's
items (registered_calls.py). Anything else is unknown (None): a function nothing in the file calls (a caller elsewhere
may set a mesh: an importable module's public function), a function passed as a value, a generator,
another decorator or `with`, a setter referenced other than as a `with` item.

One case of a function nothing in the file calls is decided in mesh_owner.py (#13): a function
that builds its mesh `m` and sets it with `with jax.set_mesh(m):` owns it; code after that block
runs without a mesh of its own, and a caller would have to set one equal to `m` for a gather
there to run (no real program does), while every other context fails on an array placed on `m`
(none, Auto axes, other names, the same names with another shape or devices; checked on jax
0.10.2). So a gather there is reported when its array is certainly on `m`; a mesh taken as a
parameter, `self.mesh` or a module global stays unknown (a caller may set an equal one).
"""
from __future__ import annotations

import ast

from codemods.analysis.bindings import ast_dotted, resolve_dotted
from codemods.analysis.entered_meshes import mesh_context_classes, sets_mesh_globally
from codemods.analysis.foreign_code import imports_unread_code
from codemods.analysis.held_meshes import certainly_mesh
from codemods.analysis.module_reads import function_of, in_false_branch, module_binding_counts, name_references
from codemods.analysis.method_reach import MethodReach
from codemods.analysis.mutation import mutated_names
from codemods.analysis.nodes import body_nodes, module_nodes, module_parents
from codemods.analysis.registered_calls import registry_calls

MAX_HOPS = 8
_CYCLE = ([], "cycle")  # path's answer for a function already on the way (a recursive call)

# Library functions that call the function handed to them (first argument) in place, setting no
# context mesh of their own: the function runs where the call stands.
IN_PLACE_CALLERS = frozenset({
    "jax.tree.map", "jax.tree_util.tree_map", "jax.tree.map_with_path", "jax.tree_util.tree_map_with_path",
    "absl.app.run", "fire.Fire", "typer.run",
})
# Decorators whose function runs its body at the call (a cache runs it at the first call).
WRAPPERS = frozenset({"functools.cache", "functools.lru_cache", "jax.named_call"})
# Wrappers whose result, applied at once (`partial(f, a)(x)`), runs `f` there. `jax.jit` only for
# the function holding the call (traced_alone): a `jax.set_mesh` traced under jit raises first.
APPLIED_WRAPPERS = frozenset({"functools.partial"})
MESH_FACTORIES = frozenset({"jax.make_mesh", "jax.sharding.Mesh"})
# Context managers that never set a context mesh: code in their block runs under the mesh around.
NEUTRAL_CONTEXTS = frozenset({
    "open", "jax.profiler.trace", "jax.profiler.TraceAnnotation", "jax.named_scope",
    "jax.default_device", "jax.disable_jit", "jax.log_compiles", "jax.debug_nans",
    "jax.debug_infs", "jax.transfer_guard", "jax.checking_leaks", "jax.ensure_compile_time_eval",
    "jax.enable_x64", "jax.experimental.enable_x64", "contextlib.suppress",
    "contextlib.nullcontext", "contextlib.redirect_stdout", "contextlib.redirect_stderr",
    "tempfile.TemporaryDirectory", "tempfile.NamedTemporaryFile", "warnings.catch_warnings",
    "numpy.printoptions", "numpy.errstate",
})
# Entry decorators: the library calls the function when the decorated name is called, setting no mesh.
ENTRY_DECORATORS = frozenset({"click.command", "click.option", "click.argument", "hydra.main"})
METHOD_DECORATORS = frozenset({"staticmethod", "classmethod"})
# Builtins read by their own name when the module binds it nowhere; `list(map(f, xs))` runs `f`
# in place (a bare `map(...)` is lazy: it runs where it is consumed).
BUILTINS = frozenset({"open", "object", "map", "staticmethod", "classmethod",
                      "globals", "vars", "locals", "eval", "exec"})
NAMESPACE_READERS = frozenset({"globals", "vars", "locals", "eval", "exec", "sys.modules",
                               "importlib.import_module"})
CONSUMERS = frozenset({"list", "tuple", "set", "dict", "sorted", "sum", "min", "max", "any", "all"})


def unmeshed_path(tree: ast.Module, bindings: dict[str, str | None], call: ast.Call) -> list[str] | None:
    """The names of the functions from module-level code down to `call` (outermost first) when
    every way the module reaches `call` runs outside a context mesh; else None."""
    reach = getattr(tree, "_shardfix_mesh_reach", None)
    if reach is None or reach.bindings is not bindings:
        reach = _Reach(tree, bindings)
        tree._shardfix_mesh_reach = reach  # type: ignore[attr-defined]
    if reach.sets_globally or imports_unread_code(tree):  # code read nowhere here may set one (foreign_code.py)
        return None
    found = reach.path(call, frozenset(), 0, False)
    return found[0] if found is not None else None


def auto_mesh_path(tree: ast.Module, bindings: dict[str, str | None], call: ast.Call) -> tuple[list[str], str] | None:
    """(the functions from the `with jax.set_mesh(m):` down to `call`, how `m` is made) when every
    way the module reaches `call` runs under a context mesh set there whose axes are not all
    Explicit (`Mesh(devices, names)` defaults to Auto axes; `axis_types=` naming Auto):
    top_level_all_gather raises there as without a mesh (checked on jax 0.10.2)."""
    reach = getattr(tree, "_shardfix_mesh_reach", None)
    if reach is None or reach.bindings is not bindings:
        reach = _Reach(tree, bindings)
        tree._shardfix_mesh_reach = reach  # type: ignore[attr-defined]
    return None if reach.sets_globally else reach.path(call, frozenset(), 0, True)


class _Reach(MethodReach):
    """The module's facts the walk back to module code reads, computed once."""

    def __init__(self, tree: ast.Module, bindings: dict[str, str | None]) -> None:
        self.tree, self.bindings = tree, bindings
        self.parents = module_parents(tree)
        nodes = module_nodes(tree)
        self.bound_with_params: dict[str, int] | None = None
        self.holds_context: bool | None = None
        self.names_no_setter: bool | None = None
        self.def_names: set[str] | None = None
        self.nodes = nodes
        self.module_defs = {stmt.name: stmt for stmt in tree.body
                            if isinstance(stmt, (ast.FunctionDef, ast.ClassDef))}
        self.assigned = {node.targets[0].id: node.value for node in nodes if isinstance(node, ast.Assign)
                         and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)}
        self.bound = module_binding_counts(tree)
        self.references = name_references(nodes)
        self.sets_globally = sets_mesh_globally(nodes, bindings, self.parents, tree) or self.reads_namespace()

    def reads_namespace(self) -> bool:
        """Whether code may reach a function by its name as a string (`globals()[name]`, `eval`,
        `sys.modules[__name__]`): the calls read in the module are then not all its calls."""
        for name in NAMESPACE_READERS:
            tail = name.rsplit(".", 1)[-1]
            for node in self.references.get(tail, []) + self.references.get("." + tail, []):
                call = self.parents.get(id(node))
                if self.resolve(node) == name and not (name == "vars" and isinstance(call, ast.Call) and call.args):
                    return True  # `vars(args)` reads an object, not the module
        return False

    def resolve(self, node: ast.AST) -> str | None:
        name = ast_dotted(node)
        if not name:
            return None
        if name in BUILTINS or name in CONSUMERS:
            return name if not self.bound.get(name) else None
        return resolve_dotted(self.bindings, name)

    def path(self, node: ast.AST, seen: frozenset[str], hops: int, auto: bool) -> tuple[list[str], str] | None:
        """The functions from module code (`auto`: from a `with jax.set_mesh(m)` of a mesh with
        Auto axes) down to `node`, and how that mesh is made, when every way there is such."""
        if hops > MAX_HOPS:
            return None
        function = self.enclosing(node, auto)
        if function is None:
            return None
        if isinstance(function, ast.Module):
            return None if auto else ([], "")
        if isinstance(function, ast.withitem):
            made = self.auto_mesh(function.context_expr)
            return ([], made) if made is not None else None
        owner, filed = self.parents.get(id(function)), None
        if isinstance(function, ast.Lambda):  # `report = lambda p: ...`, bound once
            function, name = owner, owner.targets[0].id
        else:
            name = function.name
        if isinstance(owner, ast.ClassDef):
            uses = self.method_uses(function, owner)
            name, decorators = f"{owner.name}.{name}", METHOD_DECORATORS
        elif self.bound.get(name) != 1:
            return None  # rebound somewhere: which function a name reads is not followed
        else:
            uses, decorators = self.references.get(name, []), ENTRY_DECORATORS
            filed = registry_calls(self.tree, function, self.bound, self.references, self.parents) \
                if isinstance(function, ast.FunctionDef) else None
            if filed is not None:  # run wherever an item of its registry is called
                uses = uses + filed[1]
        jit_ok = hops == 0 and not auto and isinstance(function, ast.FunctionDef) and self.traced_alone(function)
        if jit_ok:
            decorators = decorators | {"jax.jit"}
        if name in seen:
            return _CYCLE
        if uses is None or not all(self.decorated_by(d) in decorators | WRAPPERS or filed is not None and d is filed[0]
                                   for d in getattr(function, "decorator_list", ())) \
                or any(isinstance(inner, (ast.Yield, ast.YieldFrom, ast.Await)) for inner in ast.walk(function)):
            return None  # a generator's body runs where it is iterated, not where it is called
        if not uses:
            return None  # called from elsewhere, if at all: its context is unknown
        longest: tuple[list[str], str] | None = None
        for use in uses:
            if in_false_branch(self.tree, use, self.parents):
                continue  # `if EXPORT:` of a module `EXPORT = False`: never runs
            site = self.run_site(use, jit_ok)
            if site is None:
                return None  # passed as a value (a callback, a registry): run where it is not seen
            path = self.path(site, seen | {name}, hops + 1, auto)
            if path is _CYCLE:
                continue  # a call from inside the cycle: every way in enters it through another use
            if path is None:
                return None
            if longest is None or len(path[0]) > len(longest[0]):
                longest = path
        if longest is None:
            return None  # every use is a call from inside a cycle
        return [*longest[0], name], longest[1]

    def run_site(self, use: ast.AST, jit_ok: bool = False) -> ast.Call | None:
        """The call at which a read of a function runs it: `f(...)`, `jax.tree.map(f, ...)`,
        `app.run(f)`, `jax.jit(f)(x)`; None when the function escapes as a value."""
        site = self.parents.get(id(use))
        if not isinstance(site, ast.Call):
            return None
        if site.func is use:
            return site
        if not site.args or site.args[0] is not use:
            return None
        callee = self.resolve(site.func)
        if callee in IN_PLACE_CALLERS:
            return None if callee.startswith("jax.tree") and self.empty_tree(site) else site
        applied = self.parents.get(id(site))
        if (callee in APPLIED_WRAPPERS or jit_ok and callee == "jax.jit") \
                and isinstance(applied, ast.Call) and applied.func is site:
            return applied  # `jax.jit(f)(x)` too, for the function holding the call (traced_alone)
        if callee == "map" and isinstance(applied, ast.Call) and applied.args and applied.args[0] is site \
                and self.resolve(applied.func) in CONSUMERS:
            return applied
        return None

    def empty_tree(self, site: ast.Call) -> bool:
        """`jax.tree.map(f, {})`, or of a name bound once to `{}`, `[]` or `()` that nothing
        changes in place: a map over no leaves never calls `f`."""
        tree = site.args[1] if len(site.args) > 1 else None
        if isinstance(tree, ast.Name) and self.bound.get(tree.id) == 1 and tree.id not in mutated_names(self.tree):
            tree = self.assigned.get(tree.id)
        return isinstance(tree, (ast.Dict, ast.List, ast.Tuple)) and not (tree.keys if isinstance(tree, ast.Dict)
                                                                           else tree.elts)

    def decorated_by(self, decorator: ast.expr) -> str | None:
        if isinstance(decorator, ast.Call) and decorator.args and self.resolve(decorator.func) == "functools.partial":
            decorator = decorator.args[0]  # `@partial(jax.jit, static_argnames=...)`
        return self.resolve(decorator.func if isinstance(decorator, ast.Call) else decorator)

    def traced_alone(self, function: ast.FunctionDef) -> bool:
        """Whether `jax.jit` on the function holding the call raises as the call would: its body
        enters no `with` and calls no function or method of the module (a `jax.set_mesh` traced
        under jit raises its own error first; jit traces under the caller's context mesh)."""
        if self.def_names is None:
            self.def_names = {node.name for node in self.nodes if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
        for node in ast.walk(function):
            if isinstance(node, (ast.With, ast.AsyncWith, ast.Lambda)) \
                    or isinstance(node, ast.FunctionDef) and node is not function:
                return False
            if isinstance(node, ast.Call):
                func = node.func
                called = func.id if isinstance(func, ast.Name) \
                    else func.attr if isinstance(func, ast.Attribute) else None
                if called is None or called in self.def_names:
                    return False
        return True

    def enclosing(self, node: ast.AST, setter_ok: bool = False) -> ast.AST | None:
        """The module or function whose code runs `node` in place, when nothing that may set a
        mesh stands between them (`setter_ok`: or the `jax.set_mesh(...)` item of the innermost
        `with` that sets one, its other items setting none); None for anything else (a `with` of
        an unknown or mesh-setting context, a lambda not run in place, a generator expression, a
        class body)."""
        parents = self.parents
        child = node
        parent = parents.get(id(node))
        while parent is not None:
            if isinstance(parent, (ast.With, ast.AsyncWith)) and child in parent.body \
                    and not all(self.neutral(item.context_expr) for item in parent.items):
                setters = [item for item in parent.items if isinstance(item.context_expr, ast.Call)
                           and self.resolve(item.context_expr.func) == "jax.set_mesh"]
                if setter_ok and len(setters) == 1 and all(
                        self.neutral(item.context_expr) for item in parent.items if item is not setters[0]):
                    return setters[0]
                return None
            if isinstance(parent, ast.Lambda):
                site = self.run_site(parent)
                if site is None and self.named_lambda(parent):
                    return parent
                if site is None or site.func is parent:
                    return None
                child, parent = site, parents.get(id(site))
                continue
            if isinstance(parent, (ast.ClassDef, ast.AsyncFunctionDef, ast.GeneratorExp)):
                return None
            if isinstance(parent, ast.FunctionDef):
                if child not in parent.body:
                    return None  # a default or a decorator runs where the def stands
                owner = parents.get(id(parent))
                if isinstance(owner, ast.ClassDef):
                    return parent if isinstance(parents.get(id(owner)), ast.Module) else None
                return parent
            if isinstance(parent, ast.Module):
                return parent
            child, parent = parent, parents.get(id(parent))
        return None

    def auto_mesh(self, setter: ast.Call) -> str | None:
        """How the mesh `jax.set_mesh(m)` sets is made, when its axes are certainly not all
        Explicit; else None."""
        mesh = setter.args[0] if len(setter.args) == 1 and not setter.keywords else None
        if isinstance(mesh, ast.Name):
            mesh = self.value_of(mesh)
        if not isinstance(mesh, ast.Call) or any(isinstance(arg, ast.Starred) for arg in mesh.args) \
                or any(keyword.arg is None for keyword in mesh.keywords):
            return None
        factory = self.resolve(mesh.func)
        if factory not in MESH_FACTORIES:
            return None
        types = mesh.args[2] if len(mesh.args) > 2 else \
            next((keyword.value for keyword in mesh.keywords if keyword.arg == "axis_types"), None)
        if types is None:
            return "`Mesh(devices, names)` has Auto axes by default" if factory == "jax.sharding.Mesh" else None
        if isinstance(types, ast.BinOp) and isinstance(types.op, ast.Mult):
            types = types.left
        if isinstance(types, (ast.Tuple, ast.List)) and any(
                (self.resolve(element) or "").rsplit(".", 2)[-2:] == ["AxisType", "Auto"]
                for element in types.elts):
            return "its `axis_types` are not all Explicit"
        return None

    def named_lambda(self, node: ast.Lambda) -> bool:
        owner = self.parents.get(id(node))
        return isinstance(owner, ast.Assign) and owner.value is node and len(owner.targets) == 1 \
            and isinstance(owner.targets[0], ast.Name) and self.bound.get(owner.targets[0].id) == 1 \
            and isinstance(self.parents.get(id(owner)), (ast.Module, ast.FunctionDef))

    def neutral(self, expr: ast.expr) -> bool:
        """A context that sets no context mesh: a known one, or a `Mesh` entered itself (`with
        mesh:`, deprecated: since jax 0.8.1 it sets no context mesh, and top_level_all_gather,
        from 0.9.2, raises under it as without one; checked on 0.10.2)."""
        choices = getattr(self.tree, "_shardfix_context_choices", None)  # `with self._context():` (chosen_contexts.py)
        if choices is not None and isinstance(expr, (ast.Call, ast.IfExp)) and choices.sets_none(expr, self.parents):
            return True
        if isinstance(expr, ast.Call):
            callee = self.resolve(expr.func)
            return callee in NEUTRAL_CONTEXTS or callee in MESH_FACTORIES or self.own_context(expr.func)
        # a Mesh in place, or handed down through a parameter or a field (held_meshes.py)
        return self.mesh_value(expr) or certainly_mesh(self, expr, self.mesh_value)

    def mesh_value(self, expr: ast.expr) -> bool:
        """Whether `expr` is certainly a `Mesh` built where the code shows it."""
        value = self.value_of(expr) if isinstance(expr, ast.Name) else expr
        return isinstance(value, ast.Call) and self.resolve(value.func) in MESH_FACTORIES

    def value_of(self, name: ast.Name) -> ast.expr | None:
        """The value a read of a name certainly has: assigned once at the top of the function
        reading it, before the statement that reads it (the function binding the name nowhere
        else, nor as a parameter), or once in the whole module."""
        statement, function = name, self.parents.get(id(name))
        while function is not None and not isinstance(function, (ast.FunctionDef, ast.Module)):
            if isinstance(function, (ast.Lambda, ast.AsyncFunctionDef, ast.ClassDef)):
                return None
            statement, function = function, self.parents.get(id(function))
        if isinstance(function, ast.FunctionDef):
            if name.id in {arg.arg for arg in ast.walk(function.args) if isinstance(arg, ast.arg)}:
                return None
            stores = [node for node in body_nodes(function) if isinstance(node, ast.Name) and node.id == name.id
                      and not isinstance(node.ctx, ast.Load)
                      or isinstance(node, (ast.Global, ast.Nonlocal)) and name.id in node.names
                      or isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name == name.id
                      or isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                          (alias.asname or alias.name).split(".")[0] == name.id for alias in node.names)]
            if stores:
                assign = self.parents.get(id(stores[0]))
                ok = len(stores) == 1 and isinstance(assign, ast.Assign) and assign in function.body \
                    and statement in function.body and assign.targets == [stores[0]] \
                    and function.body.index(assign) < function.body.index(statement)
                return assign.value if ok else None
        if self.bound_with_params is None:
            self.bound_with_params = module_binding_counts(self.tree, with_params=True)
        return self.assigned.get(name.id) if self.bound_with_params.get(name.id) == 1 else None

    def own_context(self, func: ast.expr) -> bool:
        """A context manager of the module's own (a `contextlib.contextmanager` def or a class with
        `__enter__`, bound once at module level), in a module where no code suspends inside a
        `with` (a yield or await in one): with every setter a `with` item (else the module is
        unknown already), nothing it runs can leave a mesh set when its `__enter__` returns."""
        if not isinstance(func, ast.Name) or self.bound.get(func.id) != 1:
            return False
        if self.holds_context is None:
            self.holds_context = True  # while it is worked out, a context asked about is unknown
            self.holds_context = any(isinstance(inner, (ast.Yield, ast.YieldFrom, ast.Await))
                                     for node in self.nodes if isinstance(node, (ast.With, ast.AsyncWith))
                                     and not all(self.neutral(item.context_expr) or self.passed_mesh(item.context_expr)
                                                 for item in node.items)
                                     for stmt in node.body for inner in ast.walk(stmt))
        if self.holds_context:
            return False
        definition = self.module_defs.get(func.id)
        if isinstance(definition, ast.FunctionDef):
            return len(definition.decorator_list) == 1 \
                and self.decorated_by(definition.decorator_list[0]) == "contextlib.contextmanager"
        return isinstance(definition, ast.ClassDef) and not definition.bases and not definition.keywords \
            and not definition.decorator_list and func.id not in mesh_context_classes(self.tree, self.bindings) \
            and any(isinstance(stmt, ast.FunctionDef) and stmt.name == "__enter__" for stmt in definition.body) \
            and not any(isinstance(stmt, ast.FunctionDef) and stmt.name == "__new__" for stmt in definition.body)

    def passed_mesh(self, expr: ast.expr) -> bool:
        """`with mesh: yield` in a `contextlib.contextmanager` def bound once at module level, `mesh`
        a positional parameter it never rebinds, every reference to the def a call passing a
        `Mesh` there (`with model_context(mesh):`): the legacy `with mesh:` sets no context mesh."""
        function = function_of(expr, self.parents) if isinstance(expr, ast.Name) else None
        if function is None or self.bound.get(function.name) != 1 or len(function.decorator_list) != 1 \
                or self.decorated_by(function.decorator_list[0]) != "contextlib.contextmanager" \
                or not isinstance(self.parents.get(id(function)), ast.Module):
            return False
        params = [arg.arg for arg in (*function.args.posonlyargs, *function.args.args)]
        if expr.id not in params or any(isinstance(node, ast.Name) and node.id == expr.id and not isinstance(node.ctx, ast.Load)
                                        or isinstance(node, (ast.Global, ast.Nonlocal)) for node in body_nodes(function)):
            return False
        index = params.index(expr.id)
        uses = self.references.get(function.name, [])
        for use in uses:
            site = self.parents.get(id(use))
            if not (isinstance(site, ast.Call) and site.func is use) or len(site.args) <= index \
                    or any(isinstance(arg, ast.Starred) for arg in site.args[:index + 1]) \
                    or not self.neutral(site.args[index]):
                return False
        return bool(uses)


