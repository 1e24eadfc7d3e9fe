"""The module a script run executes (script_run.py): the file itself when it ends in an
`if __name__ == "__main__":` block, or, for a library module, the file followed by a call of its
entry function.

A library module (no `__main__` block) runs only when an importer calls it, so which of its
functions run, and with what, is the importer's choice. One kind of call does not depend on the
importer: a module function `main` that the module never names anywhere else (so nothing in the
module hands it on or calls it in another state) runs the same way whoever calls it straight
after the import, and every shard_map body it traces sees the same specs, meshes and arrays. Its
first stop is then as certain as a static finding on a body: the code raises there whenever it is
run. What an importer can still change is ruled out, or stops the run:
- the module's state before the call: no other function of the module (nor a method, a nested
  function, a bound method it hands out) may write module state (module_writers.py), so no call
  of the module's own code can change what the entry reads (`use_axis("model"); main()`);
- the context mesh: the importer may call the entry inside its own `with jax.set_mesh(...)`, so
  in this run the context mesh is unknown until the entry sets one (script_run.context_mesh);
- the arguments. A parameter the entry uses only as an array (it places it:
  `jax.device_put(x, sharding)`, `jnp.asarray(x)`; and otherwise only computes with it in its own
  code as arrays compute, never in a function it defines; never binds it again) is taken as an
  array of unknown shape and element type: inside a body its state comes from the spec it enters
  by, and the run stops (Bail) at anything that would need its shape or values. device_put,
  shard_map and the collectives pass an empty pytree through, so `main(None)` or `main(())` would
  run clean: such a parameter must first be read as an array by a statement of the entry that
  always runs (`rows, cols = x.shape`, `x[0]`, `-x`, `x / 2`), which raises on None and on empty
  containers (`_read_first`). Any other parameter (a mesh, a config, a name, a defaulted one) is
  the caller's choice, and the function is left alone.
The findings say so: "when an importer calls the module's entry `main(x)` with an array for `x`
on the module as its import leaves it" (the importer's own stores into the module's objects, a
monkeypatch from outside, are not the module's code, and not followed).
"""
from __future__ import annotations

import ast

from codemods.analysis.module_writers import may_write_state
from codemods.analysis.names import ImportTable

ENTRY_NAMES = ("main",)
# The calls whose first argument an entry's parameter may be: they place an array, whatever
# array it is (its shape and values are never read by the placing).
_PLACING = frozenset({"jax.device_put", "jax.numpy.asarray", "numpy.asarray"})
_DEPTH = 3  # module functions followed from the entry, each handing the array to the next
_ARRAY_ATTRIBUTES = frozenset({"shape", "ndim", "dtype", "size", "T", "mean", "var", "std", "sum", "max", "min",
                               "astype", "reshape", "transpose"})


def has_main(tree: ast.Module) -> bool:
    return any(type(stmt) is ast.If and any(type(n) is ast.Constant and n.value == "__main__" for n in ast.walk(stmt.test))
               for stmt in tree.body)


def run_tree(tree: ast.Module) -> ast.Module | None:
    """The module to run as a script: `tree` itself when it has a `__main__` block; for a library
    module with an entry function (see above), a module of the same statements followed by a
    call of it, marked `library_entry`; None when there is neither."""
    if has_main(tree):
        return tree
    entry = library_entry(tree)
    if entry is None:
        return None
    last = max(getattr(n, "end_lineno", 0) or 0 for n in ast.walk(tree)) + 1
    args = [ast.Name(f"<{arg.arg}>", ast.Load()) for arg in entry.args.args]  # (names no program binds)
    call = ast.Expr(ast.Call(ast.Name(entry.name, ast.Load()), args, []))
    for node in ast.walk(call):
        node.lineno, node.col_offset, node.end_lineno, node.end_col_offset = last, 0, last, 0
    made = ast.Module([*tree.body, call], tree.type_ignores)
    made.library_entry = entry.name
    made.library_arrays = tuple(arg.id for arg in args)
    return made


def entry_text(tree: ast.Module) -> str | None:
    """How a library module's run was entered, for the findings to say (the call, and what it
    takes for granted: arrays for its parameters, the module as its import leaves it, since an
    importer's own stores into the module's objects are not the module's code); None for a
    script (or a module that is not run)."""
    if has_main(tree):
        return None
    entry = library_entry(tree)
    if entry is None:
        return None
    names = [arg.arg for arg in entry.args.args]
    given = f" with an array for {', '.join(f'`{name}`' for name in names)}" if names else ""
    return f"calls the module's entry `{entry.name}({', '.join(names)})`{given} on the module as its import leaves it"


def library_entry(tree: ast.Module) -> ast.FunctionDef | None:
    """The module's one undecorated function named as an entry (`main`) whose parameters leave its
    caller nothing to choose (`_caller_free`) and that the module never names anywhere else; None
    when there is none or the name is bound more than once."""
    table = ImportTable.of(tree)
    plain = _plain_functions(tree)
    named = {}
    for stmt in tree.body:
        if type(stmt) is ast.FunctionDef and stmt.name in ENTRY_NAMES:
            named.setdefault(stmt.name, []).append(stmt)
    for name in ENTRY_NAMES:
        defs = named.get(name, [])
        if len(defs) == 1 and not defs[0].decorator_list and _caller_free(defs[0], table, plain) \
                and not _named_elsewhere(tree, defs[0]) and not may_write_state(tree, defs[0]):
            return defs[0]
    return None


def _caller_free(node: ast.FunctionDef, table: ImportTable, defs: dict) -> bool:
    """No parameters but positional ones without defaults, each unread or an array by its uses
    (`_array_use`) that is placed at least once."""
    if node.args.defaults:
        return False
    uses = _param_uses(node, table, defs, 0)
    if uses is None:
        return False
    read = _read(node)
    return all(use is True and _read_first(node, name, table) or use is False and name not in read
               for name, use in uses.items())


def _read_first(node: ast.FunctionDef, name: str, table: ImportTable) -> bool:
    """Before the parameter goes anywhere (any use but `_array_read` and `_CONVERTING`), a
    statement of the entry's own body that always runs reads it as an array. device_put,
    shard_map and the collectives pass an empty pytree through (`main(None)`, `main(())` run
    clean), so without such a read the importer may call the entry with one and nothing raises."""
    for stmt in node.body:
        parents = {id(child): parent for parent in ast.walk(stmt) for child in ast.iter_child_nodes(parent)}
        uses = [n for n in ast.walk(stmt) if type(n) is ast.Name and n.id == name]
        kinds = [_array_read(n, parents, table) for n in uses]
        if "other" in kinds:
            return False
        if type(stmt) in _PLAIN and any(kind == "read" and _always(n, stmt, parents) for n, kind in zip(uses, kinds)):
            return True
    return True  # (only converted or read: what goes on is an array)


# An entry statement that runs whole once reached (an `assert` does not under `python -O`).
_PLAIN = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return)
# Calls that make an array of what they are given (or raise): what they return goes on, not it.
_CONVERTING = frozenset({"jax.numpy.asarray", "jax.numpy.array", "numpy.asarray", "numpy.array"})
# Attributes of arrays that None, tuples, lists and dicts lack.
_ARRAY_ONLY = frozenset({"shape", "ndim", "dtype", "size", "T", "mean", "var", "std", "sum", "max", "min",
                         "astype", "reshape", "transpose", "ravel", "flatten", "squeeze", "nbytes", "itemsize"})


def _array_read(name: ast.Name, parents: dict, table: ImportTable) -> str:
    """"read" where the use raises on None and on an empty tuple, list or dict (an array
    attribute, an item that is not a slice: `x[0]`, `x[:, 0]`; arithmetic with a number but for
    `x * 2`, which repeats a tuple; `-x`), "convert" for an argument of a `_CONVERTING` call,
    "other" for any other use."""
    parent = parents.get(id(name))
    kind = type(parent)
    if kind is ast.Attribute and parent.attr in _ARRAY_ONLY:
        return "read"
    if kind is ast.Subscript and parent.value is name and type(parent.slice) is not ast.Slice:
        return "read"
    if kind is ast.UnaryOp and type(parent.op) in (ast.USub, ast.UAdd, ast.Invert):
        return "read"
    if kind is ast.BinOp:
        other = parent.right if parent.left is name else parent.left
        if type(other) is ast.Constant and type(other.value) in (int, float, complex) \
                and not (type(parent.op) is ast.Mult and type(other.value) is int):
            return "read"
    if kind is ast.Call and parent.args and parent.args[0] is name and table.resolve(parent.func) in _CONVERTING:
        return "convert"
    return "other"


def _always(name: ast.Name, stmt: ast.stmt, parents: dict) -> bool:
    """The expression is evaluated whenever its statement runs: not in a lambda or comprehension,
    not past the first operand of `and`/`or` or the first comparison, not in a branch of `a if c else b`."""
    node = name
    while node is not stmt:
        parent = parents[id(node)]
        kind = type(parent)
        if kind is ast.BoolOp and node is not parent.values[0] or kind is ast.IfExp and node is not parent.test \
                or kind is ast.Compare and node is not parent.left and node is not parent.comparators[0] \
                or kind in (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.comprehension,
                            ast.Await, ast.Yield, ast.YieldFrom):
            return False
        node = parent
    return True


def _plain_functions(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    """Module functions bound once, by an undecorated def, and never rebound: what their name calls."""
    count: dict[str, int] = {}
    for node in ast.walk(tree):
        if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            count[node.name] = count.get(node.name, 0) + 1
        elif type(node) is ast.Name and type(node.ctx) is not ast.Load or type(node) is ast.alias:
            bound = node.id if type(node) is ast.Name else (node.asname or node.name.split(".")[0])
            count[bound] = count.get(bound, 0) + 2
        elif type(node) in (ast.Global, ast.Nonlocal):
            for bound in node.names:
                count[bound] = count.get(bound, 0) + 2
    return {stmt.name: stmt for stmt in tree.body if type(stmt) is ast.FunctionDef and not stmt.decorator_list
            and count.get(stmt.name) == 1}


def _read(node: ast.FunctionDef) -> set[str]:
    return {n.id for n in ast.walk(node) if type(n) is ast.Name}


def _param_uses(node: ast.FunctionDef, table: ImportTable, defs: dict, depth: int) -> dict[str, bool | None] | None:
    """For each positional parameter of a plain function: True where it is an array the function
    places (see `_array_use`), False where it is unread or only computed with as an array, None
    for any other use; None for a function whose parameters this does not follow (a generator,
    `*args`, reads by name)."""
    args = node.args
    if args.posonlyargs or args.vararg or args.kwonlyargs or args.kwarg:
        return None
    if any(type(n) in (ast.Yield, ast.YieldFrom, ast.Await) for n in ast.walk(node)):
        return None
    params = {arg.arg for arg in args.args}
    if params and any(type(n) is ast.Name and n.id in ("locals", "vars", "eval", "exec") for n in ast.walk(node)):
        return None  # (its parameters read by name)
    parents = {id(child): parent for parent in ast.walk(node) for child in ast.iter_child_nodes(parent)}
    nested = {id(inner) for function in ast.walk(node) if function is not node
              and type(function) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda) for inner in ast.walk(function)}
    uses: dict[str, bool | None] = {name: False for name in params}
    for n in ast.walk(node):
        if type(n) is ast.Name and n.id in params and uses[n.id] is not None:
            use = _array_use(n, parents, table, defs, depth)
            if use is None or use is False and id(n) in nested:
                uses[n.id] = None  # (a function closing over it, a body perhaps, would see whatever was passed)
            elif use:
                uses[n.id] = True
        if type(n) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef) and n is not node:
            for a in ast.walk(n):
                if type(a) is ast.arg and a.arg in params:
                    uses[a.arg] = None  # (an inner parameter of that name: which reads are whose is not this check's)
        if type(n) in (ast.Global, ast.Nonlocal):
            for name in params & set(n.names):
                uses[name] = None
    return uses


def _array_use(name: ast.Name, parents: dict, table: ImportTable, defs: dict, depth: int) -> bool | None:
    """True where the parameter (or rows of it) is placed as an array (the first argument of a
    `_PLACING` call, or an argument of a module function that places it); False where it is used
    only as an array is (an operand of arithmetic, an array attribute or method, an argument of
    a NumPy or jax.numpy function); None for any other use (its caller's choice: a config, a
    mesh, a callable, a container)."""
    parent = parents.get(id(name))
    if type(name.ctx) is not ast.Load or parent is None:
        return None
    kind = type(parent)
    if kind is ast.Call and name in parent.args:
        called = table.resolve(parent.func)
        if called in _PLACING and parent.args[0] is name:
            return True
        if called is None and type(parent.func) is ast.Name and parent.func.id in defs and depth < _DEPTH:
            return _passed_use(name, parent, table, defs, depth)
        return False if called is not None and called.startswith(("numpy.", "jax.numpy.")) else None
    if kind is ast.BinOp or kind is ast.UnaryOp:
        return False
    if kind is ast.Subscript and parent.value is name and not _sliced(parent.slice):
        return False  # (`x[0]`: an item of it, as arrays index)
    if kind is ast.Subscript and parent.value is name and _sliced(parent.slice):  # `x[i * 8:(i + 1) * 8]`: rows of it
        placing = parents.get(id(parent))
        return type(placing) is ast.Call and bool(placing.args) and placing.args[0] is parent \
            and table.resolve(placing.func) in _PLACING
    if kind is ast.Attribute and parent.attr in _ARRAY_ATTRIBUTES:
        return False
    return None


def _passed_use(name: ast.Name, call: ast.Call, table: ImportTable, defs: dict, depth: int) -> bool | None:
    """`run(layer, x, mesh)`: what the module function does with the parameter it receives in
    that position (no starred argument before it, no keyword naming that parameter)."""
    function = defs[call.func.id]
    index = call.args.index(name)
    if any(type(arg) is ast.Starred for arg in call.args[: index + 1]) or index >= len(function.args.args):
        return None
    param = function.args.args[index].arg
    if any(keyword.arg in (param, None) for keyword in call.keywords):
        return None
    uses = _param_uses(function, table, defs, depth + 1)
    return None if uses is None else uses[param]


def _sliced(index: ast.expr) -> bool:
    return type(index) is ast.Slice or type(index) is ast.Tuple and any(type(item) is ast.Slice for item in index.elts)


def _named_elsewhere(tree: ast.Module, entry: ast.FunctionDef) -> bool:
    """Whether the entry's name appears anywhere but its own def: a read, a rebinding, a
    `global` declaration, an attribute or string of that name (`getattr(mod, "main")`), an
    import binding it."""
    name = entry.name
    for node in ast.walk(tree):
        if node is entry:
            continue
        kind = type(node)
        if kind is ast.Name and node.id == name or kind is ast.Attribute and node.attr == name:
            return True
        if kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) and node.name == name:
            return True
        if kind in (ast.Global, ast.Nonlocal) and name in node.names:
            return True
        if kind is ast.alias and (node.asname or node.name.split(".")[0]) == name:
            return True
        if kind is ast.Constant and type(node.value) is str and node.value.rsplit(":", 1)[-1].rsplit(".", 1)[-1] == name:
            return True
        if kind is ast.arg and node.arg == name:
            return True
    return False
