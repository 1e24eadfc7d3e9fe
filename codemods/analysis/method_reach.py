"""Where a method of a module class runs, for mesh_reach.py (issue 13): every `obj.name` read in
the module, for a plain method of a class without bases (or a dataclass) when no instance of
the class leaves the code seen (the class only constructed, each instance read only as
`obj.attr`, directly or through one name of one function or of the script's `__main__` block;
`self` only as `self.attr`, or returned for chaining or from `__enter__`); the reads that run
`__call__` (`Cls(...)(x)`); in a script that names no mesh setter, any `.name(...)` only this
method can answer. None when the method may be reached otherwise.

It exists apart from mesh_reach.py (the walk from a call back to module code) because telling
that no instance escapes is a question about the class and its objects alone: a new way an
instance is kept touches only this."""
from __future__ import annotations

import ast

from codemods.analysis.entered_meshes import bare_with_item, mesh_context_classes, names_mesh_setter
from codemods.analysis.module_reads import function_of
from codemods.analysis.nodes import is_main_test, runs_as_script


# Reads of attributes by a computed name: a setter may be reached without being named.
_BY_NAME = ("getattr", "attrgetter", "methodcaller", "__dict__", "__getattribute__", "vars", "import_module")
# Methods of the builtin types and of arrays: a `.name(...)` read may run one of them instead.
_BUILTIN_METHODS = frozenset(name for kind in (dict, list, str, set, tuple, bytes, int, float, object)
                             for name in dir(kind)) | frozenset({
    "sum", "mean", "max", "min", "std", "var", "reshape", "astype", "copy", "item", "tolist", "save",
    "load", "block_until_ready", "transpose", "ravel", "flatten", "squeeze", "clip", "dot", "all", "any",
    "argmax", "argmin", "cumsum", "prod", "round", "sort", "fill", "view", "at", "set", "get", "add",
    "write", "read", "close", "open", "flush", "run", "start", "join", "result", "submit", "send", "apply"})


class MethodReach:
    """The method half of mesh_reach._Reach (which supplies the module's references, parents, bindings and resolve)."""

    def method_uses(self, function: ast.FunctionDef, owner: ast.ClassDef) -> list[ast.AST] | None:
        """Every `<obj>.name` read in the module, for a plain method of a module class without
        bases (nothing outside the file calls it by a protocol; a dataclass adds only dunders);
        None when the name is reached otherwise (assigned as an attribute, a dunder, `getattr`,
        a base class)."""
        name = function.name
        references = self.references
        if name == "__call__" and not owner.bases and not owner.keywords and not owner.decorator_list \
                and not references.get("getattr") and not references.get("__getattribute__"):
            return self.called_instances(owner)
        if any(self.resolve(base) != "object" for base in owner.bases) or owner.keywords \
                or not all(self.dataclass(d) for d in owner.decorator_list) or name.startswith("__") \
                or references.get("getattr") or references.get("__getattribute__") \
                or not (self.instances_kept(owner) or self.meshless() and self.one_owner(name)):
            return None  # (in a script naming no setter, an instance handed anywhere meets no mesh)
        uses: list[ast.AST] = []
        for node in references.get("." + name, []):
            if not isinstance(node.ctx, ast.Load):
                return None  # `obj.name = other`: another function may run under that name
            uses.append(node)
        return uses

    def meshless(self) -> bool:
        """A script whose code names no context mesh setter at all (and imports nothing that may
        set one: unmeshed_path), nor reads attributes by a computed name: wherever its objects go,
        their methods run without a mesh."""
        if self.names_no_setter is None:
            self.names_no_setter = runs_as_script(self.tree) and not names_mesh_setter(self.tree, self.bindings) \
                and not any(self.references.get(name) or self.references.get("." + name) for name in _BY_NAME)
        return self.names_no_setter

    def one_owner(self, name: str) -> bool:
        """Every `.name(...)` read can only run this method: no other class of the module defines
        one, nor does a builtin type (`d.items()`), and nothing stores one on an object."""
        owners = sum(isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == name
                     or isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets)
                     for node in self.nodes if isinstance(node, ast.ClassDef) for stmt in node.body)
        return owners == 1 and name not in _BUILTIN_METHODS

    def dataclass(self, decorator: ast.expr) -> bool:
        if isinstance(decorator, ast.Call):
            decorator = decorator.func
        return self.resolve(decorator) == "dataclasses.dataclass"

    def instances_kept(self, owner: ast.ClassDef) -> bool:
        """Whether no instance of the class leaves the code seen (code elsewhere may call its
        methods under a mesh): the class is only constructed, each instance used only as
        `obj.attr`, directly (`Cls(m).run(x)`) or through a name of one function, and its
        methods' `self` only as `self.attr`."""
        parents = self.parents
        for use in self.references.get(owner.name, []):
            site = parents.get(id(use))
            if isinstance(site, ast.Attribute):
                continue  # `Cls.attr`: the class read, no instance made
            if not (isinstance(site, ast.Call) and site.func is use) or not self.receiver_only(site):
                return False
        for method in owner.body:
            if isinstance(method, ast.FunctionDef) and method.args.args \
                    and not any(self.decorated_by(d) == "staticmethod" for d in method.decorator_list):
                me = method.args.args[0].arg
                for node in ast.walk(method):
                    if isinstance(node, ast.Name) and node.id == me \
                            and not isinstance(parents.get(id(node)), ast.Attribute) \
                            and not (isinstance(parents.get(id(node)), ast.Return) and (self.chained(method.name)
                                     or method.name == "__enter__" and owner.name in self.entered_classes())):
                        return False  # (`return self` of `__enter__`: only `with obj:` blocks, no `as`, get it)
        return True

    def called_instances(self, owner: ast.ClassDef) -> list[ast.AST] | None:
        """The reads that run `__call__` of a plain class: `Cls(...)(x)`, and `obj` of `obj(x)`
        where a name of one function (or of the script's `__main__` block) holds `Cls(...)` and is
        read only so; its methods' `self` read only as `self.attr`. None when an instance goes
        anywhere else (it may be called where the file does not show)."""
        parents = self.parents
        uses: list[ast.AST] = []
        for use in self.references.get(owner.name, []):
            site = parents.get(id(use))
            if isinstance(site, ast.Attribute):
                continue  # `Cls.attr`: the class read, no instance made
            if not (isinstance(site, ast.Call) and site.func is use):
                return None
            outer = parents.get(id(site))
            if isinstance(outer, ast.Call) and outer.func is site:
                uses.append(site)
                continue
            if not (isinstance(outer, ast.Assign) and len(outer.targets) == 1 and isinstance(outer.targets[0], ast.Name)):
                return None
            scope, name = function_of(outer, parents), outer.targets[0].id
            kept = self.in_main_block(outer) if scope is None \
                else not any(isinstance(node, (ast.Nonlocal, ast.Global)) for node in ast.walk(scope))
            if self.bound.get(name) != 1 or not kept:
                return None  # the one binding of the name in the module, in a function or the `__main__` block
            for node in self.references.get(name, []):
                called = parents.get(id(node))
                if not (isinstance(called, ast.Call) and called.func is node):
                    return None
                uses.append(node)
        for method in owner.body:
            if isinstance(method, ast.FunctionDef) and method.args.args \
                    and not any(self.decorated_by(d) == "staticmethod" for d in method.decorator_list):
                me = method.args.args[0].arg
                if any(isinstance(node, ast.Name) and node.id == me and not isinstance(parents.get(id(node)), ast.Attribute)
                       for node in ast.walk(method)):
                    return None
        return uses

    def chained(self, name: str) -> bool:
        """`return self` for chaining: every `.name(...)` result is dropped or read as `.attr`."""
        for use in self.references.get("." + name, []):
            site = self.parents.get(id(use))
            if not (isinstance(site, ast.Call) and site.func is use
                    and isinstance(self.parents.get(id(site)), (ast.Expr, ast.Attribute))):
                return False
        return True

    def receiver_only(self, value: ast.AST) -> bool:
        """`value` (an instance) is only read as `value.attr`, or stored in one local name so read."""
        parents = self.parents
        site = parents.get(id(value))
        if isinstance(site, ast.Attribute):
            return True
        if not (isinstance(site, ast.Assign) and len(site.targets) == 1 and isinstance(site.targets[0], ast.Name)):
            return False
        scope = function_of(site, parents)
        name = site.targets[0].id
        if scope is None:  # a global of the script's own block: no other module imports it
            return self.bound.get(name) == 1 and self.in_main_block(site) and all(
                isinstance(parents.get(id(node)), ast.Attribute) for node in self.references.get(name, []))
        if any(isinstance(node, (ast.Nonlocal, ast.Global)) for node in ast.walk(scope)):
            return False
        return all(isinstance(node.ctx, ast.Load) and (isinstance(parents.get(id(node)), ast.Attribute)
                                                       or bare_with_item(node, parents))
                   for node in ast.walk(scope)
                   if isinstance(node, ast.Name) and node.id == name and node is not site.targets[0])

    def entered_classes(self) -> dict[str, ast.ClassDef]:
        return mesh_context_classes(self.tree, self.bindings)  # (entered_meshes.py)

    def in_main_block(self, node: ast.AST) -> bool:
        """Whether `node` stands in a module-level `if __name__ == "__main__":` block."""
        while node is not None and not isinstance(node, ast.Module):
            parent = self.parents.get(id(node))
            if isinstance(parent, ast.If) and node in parent.body and is_main_test(parent.test):
                return True
            node = parent
        return False
