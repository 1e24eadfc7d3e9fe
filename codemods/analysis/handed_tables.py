"""A registry table handed to its registering decorator factory (issue 13): experiment runners
keep one factory for several tables,

    ENERGIES = {}
    OBSERVABLES = {}
    def register(table, name):
        def wrap(fn):
            table[name] = fn
            return fn
        return wrap

    @register(OBSERVABLES, "rdf")
    def rdf(R, ...): ...

so no store names the table: the decorator line does, by the argument it hands the factory. The
table holds exactly the defs decorated so when all of this is plain to see (held.py then reads it
as one filled by `def register(name): ... TABLE[name] = fn`):
- the factory is a module function bound once, undecorated, of two plain positional parameters
  (the table and the key), whose body is the nested def and `return` of it; the nested def takes
  one parameter, stores it under the key in the table and returns it, and nothing else;
- every reference to the factory in the module is the only decorator of a module def, called with
  a module name and a str (or int) literal: no other call can file anything in any table;
- the table's name is a decorator's argument or read as held.py allows (looked up, in functions).
"""
from __future__ import annotations

import ast

from codemods.analysis.argument_binding import bind, source_arguments
from codemods.analysis.nodes import DEFS


def handed_factory(scope, factory: ast.stmt) -> tuple[str, str, list[str]] | None:
    """(table parameter, key parameter, both in positional order) of a factory of the form
    above, else None."""
    if type(factory) is not ast.FunctionDef or factory.decorator_list or len(factory.body) != 2 \
            or scope.globals.unique_function(factory.name) is not factory:
        return None
    params = factory.args
    if params.posonlyargs or params.vararg or params.kwarg or params.kwonlyargs or params.defaults \
            or len(params.args) != 2:
        return None
    deco, back = factory.body
    if type(deco) is not ast.FunctionDef or deco.decorator_list or len(deco.body) != 2 \
            or type(back) is not ast.Return or type(back.value) is not ast.Name or back.value.id != deco.name:
        return None
    inner = deco.args
    if inner.posonlyargs or inner.vararg or inner.kwarg or inner.kwonlyargs or inner.defaults or len(inner.args) != 1:
        return None
    fn = inner.args[0].arg
    names = [param.arg for param in params.args]
    store, returned = deco.body
    if fn in names or deco.name in names or type(store) is not ast.Assign or len(store.targets) != 1 \
            or type(returned) is not ast.Return or type(returned.value) is not ast.Name or returned.value.id != fn:
        return None
    target = store.targets[0]
    if type(target) is not ast.Subscript or type(target.value) is not ast.Name or type(target.slice) is not ast.Name \
            or type(store.value) is not ast.Name or store.value.id != fn:
        return None
    table, key = target.value.id, target.slice.id
    return (table, key, names) if table != key and {table, key} == set(names) else None


def handed_entries(interp, name: str) -> tuple[list[tuple[object, ast.stmt]], frozenset[int]] | None:
    """((key, def) filed in the module table `name` by decorators of handed factories, the ids of
    the decorators' `name` arguments), or None when some factory is used otherwise or a key
    repeats. ([], ...) when no factory files anything there."""
    scope = interp.scope
    factories = {}
    for stmt in scope.tree.body:
        found = handed_factory(scope, stmt)
        if found is not None:
            factories[stmt.name] = found
    entries, arguments, uses = [], set(), dict.fromkeys(factories, 0)
    for stmt in scope.tree.body:
        for decorator in getattr(stmt, "decorator_list", ()):
            if type(decorator) is not ast.Call or type(decorator.func) is not ast.Name \
                    or decorator.func.id not in factories:
                continue
            given = _given(decorator, stmt, factories[decorator.func.id])
            if given is None:
                return None  # filed into something not plain to see (or not a def): any table may hold anything
            uses[decorator.func.id] += 1
            table, key = given
            if table.id == name:
                entries.append((key, stmt))
                arguments.add(id(table))
    if any(uses[factory] != scope.module_references(factory) for factory in factories):
        return None  # a factory called or handed on some other way
    keys = [key for key, _ in entries]
    if len(set(keys)) != len(keys) or not all(interp._one_def(stmt) for _, stmt in entries):
        return None
    return entries, frozenset(arguments)


def _given(decorator: ast.Call, stmt: ast.stmt, params: tuple[str, str, list[str]]) -> tuple[ast.Name, object] | None:
    """(the table's name, the key) a decorator line hands the factory, when the line decorates a
    def alone and hands a module-looking name and a literal key."""
    arguments = source_arguments(decorator)
    given = None if arguments is None else bind(params[2], *arguments)
    if not isinstance(stmt, DEFS) or len(stmt.decorator_list) != 1 or given is None:
        return None
    table, key = given.get(params[0]), given.get(params[1])
    if type(table) is not ast.Name or type(key) is not ast.Constant or type(key.value) not in (str, int):
        return None
    return table, key.value


def handed_table(interp, name: str):
    """held.py's table for the module table `name` (bound once to an empty dict, stored into by
    no code) filled by handed factories alone; None when it is not one."""
    from codemods.analysis.held import _Table, _looked_up

    found = handed_entries(interp, name)
    if not found or not found[0]:
        return None
    entries, arguments = found
    reads = interp._uses(name, arguments)
    if any(not scopes for _, scopes in reads):
        return None  # read at module level: maybe before every def is registered
    if not all(_looked_up(read, interp._parent_map().get(id(read)), interp._key_readers()) for read, _ in reads):
        return None  # handed on somewhere: what else fills it is not known
    return _Table(tuple(entries), frozenset(), reads, True)
