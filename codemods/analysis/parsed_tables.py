"""A module table a parser fills from constant text as the module loads or early in the script's
entry point (issue 13): gin-like configuration,

    _BINDINGS = {}
    CONFIG = "vtrace_targets.bootstrap_axis = 'envs'"

    def parse_config(text):
        for raw in text.strip().splitlines():
            ...
            _BINDINGS.setdefault(scope, {})[param] = ast.literal_eval(value)

    def main(values):
        parse_config(CONFIG)
        ...

    if __name__ == "__main__":
        main(*inputs())

Every read of `_BINDINGS` then sees what running `parse_config(CONFIG)` on an empty table gives
(a host run, host_runs.py), when all of this holds:
- the table is bound once, to `{}`, at the module's top level, and no code binds the name again;
- one undecorated module def (the parser) is the only code that may change it; elsewhere it is
  only read whole into a new dict or call (`**_BINDINGS.get(name, {})`, `**_BINDINGS[name]`) or
  asked `in`, inside functions;
- the parser's name is read once: a call statement, with arguments the analysis knows as
  constants, either of the module after the table's binding, or in the body (not in a branch or
  loop of it) of an undecorated module def, the entry;
- the entry is read only as the call of `if __name__ == "__main__":` blocks, exactly once and in
  no loop (a module without one is a library: its importer may call any function before the
  parser; a second run of the parser may change what the first left);
- no code that may run before that statement (the module's own top-level code, decorators as they
  are applied, class bodies, defaults, the entry's arguments and its statements before the call,
  and whatever module functions and classes those name) names the table or the parser.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, is_main_test, module_parents

_PLANS = "_shardfix_parsed_tables"


def parsed_table(interp, name: str, frame):
    """The table `name` as the parser leaves it, for a read outside the parser; None: not read so."""
    scopes = frame.static_scopes or ()
    if any(interp.scope.locals_of(scope).binds(name) for scope in scopes):
        return None
    plan = _plan(interp.scope.tree, name)
    if plan is None or plan[0] in scopes:
        return None
    cache = interp.__dict__.setdefault("_parsed_tables", {})
    if name not in cache:
        cache[name] = _run(interp, name, *plan)
    return cache[name]


def _run(interp, name: str, parser: ast.FunctionDef, call: ast.Call, entry: ast.FunctionDef | None):
    from codemods.analysis.host_exprs import Break, Continue, Raised, Return
    from codemods.analysis.host_objects import Bail, to_python, to_value
    from codemods.analysis.host_runs import HostRun

    run = HostRun(interp)
    run.globals[name] = {}  # the table as the module binds it, the run's own object
    interp.silent += 1
    try:
        caller = interp._static_frame((entry,) if entry is not None else ())
        args = [run.enter(to_python(interp, interp.eval(arg, caller))) for arg in call.args]
        keywords = {keyword.arg: run.enter(to_python(interp, interp.eval(keyword.value, caller)))
                    for keyword in call.keywords}
        run.run_def(parser, args, keywords)
        table = run.globals.get(name)
        if not run.unchanged() or type(table) is not dict \
                or not all(_immutable(value) or type(value) is dict and all(map(_immutable, value.values()))
                           for value in table.values()):
            return None  # (a list a call is handed from the table could be changed in place)
    except (Bail, Raised, Break, Continue, Return, RecursionError, Exception):  # (a case the run misreads: unknown)
        return None
    finally:
        interp.silent -= 1
    return to_value(interp, run.globals[name])


def _immutable(value: object, depth: int = 0) -> bool:
    if isinstance(value, tuple) and depth < 8:  # (a list display's items too, as before kinds were kept)
        return all(_immutable(item, depth + 1) for item in value)
    return type(value) in (str, int, float, bool, complex, bytes, type(None))


def _plan(tree: ast.Module, name: str):
    plans = tree.__dict__.setdefault(_PLANS, {})
    if name not in plans:
        plans[name] = _find_plan(tree, name)
    return plans[name]


def _find_plan(tree: ast.Module, name: str):
    """(parser, its call, entry) when the module's text shows the facts of the module's note."""
    parents = module_parents(tree)
    names = [node for node in ast.walk(tree) if type(node) is ast.Name and node.id == name]
    stores = [node for node in names if not isinstance(node.ctx, ast.Load)]
    if len(stores) != 1 or _declared(tree, name):
        return None
    binding = parents.get(id(stores[0]))
    if type(binding) is not ast.Assign or binding not in tree.body or binding.targets != [stores[0]] \
            or type(binding.value) is not ast.Dict or binding.value.keys:
        return None
    defs = _top_defs(tree)
    readers = {id(_def_of(node, parents)): _def_of(node, parents) for node in names if node is not stores[0]}
    if None in readers.values():
        return None  # read by the module's own top-level code
    parser = None
    for node in names:
        if node is stores[0] or _only_read(node, parents):
            continue
        owner = _def_of(node, parents)
        if parser not in (None, owner) or owner not in tree.body or owner.decorator_list \
                or len(defs.get(owner.name, ())) != 1:
            return None
        parser = owner
    if parser is None:
        return None
    found = _entry_call(tree, parser, defs, parents, binding)
    if found is None or _runs_early(defs, found[1], found[2], {name, parser.name}):
        return None
    return parser, found[0], found[1]


def _only_read(node: ast.Name, parents: dict) -> bool:
    """A read that hands no container of the table on: `**table.get(k, {})`, `**table[k]`, `k in table`."""
    holder = parents.get(id(node))
    if type(holder) is ast.Compare:
        return node in holder.comparators and all(type(op) in (ast.In, ast.NotIn) for op in holder.ops)
    if type(holder) is ast.Attribute and holder.attr == "get":
        read = parents.get(id(holder))
        if type(read) is not ast.Call or read.func is not holder:
            return False
    elif type(holder) is ast.Subscript and holder.value is node and isinstance(holder.ctx, ast.Load):
        read = holder
    else:
        return False
    used = parents.get(id(read))
    if type(used) is ast.keyword:
        return used.arg is None and used.value is read
    return type(used) is ast.Dict and any(key is None and value is read for key, value in zip(used.keys, used.values))


def _entry_call(tree: ast.Module, parser: ast.FunctionDef, defs: dict, parents: dict, binding: ast.stmt):
    """(the parser's one call, the entry def it is a statement of or None for a module statement,
    the code that runs before it) per the module's note, else None."""
    reads = [node for node in ast.walk(tree) if type(node) is ast.Name and node.id == parser.name]
    if len(reads) != 1 or not isinstance(reads[0].ctx, ast.Load) or len(defs.get(parser.name, ())) != 1:
        return None
    call = parents.get(id(reads[0]))
    statement = parents.get(id(call))
    entry = parents.get(id(statement))
    if type(call) is not ast.Call or call.func is not reads[0] or type(statement) is not ast.Expr \
            or any(type(arg) is ast.Starred for arg in call.args) or any(k.arg is None for k in call.keywords):
        return None
    if entry is tree:  # `parse_config(CONFIG)` as the module loads, after the table's binding
        place = tree.body.index(statement)
        return (call, None, tree.body[:place]) if tree.body.index(binding) < place else None
    if type(entry) is not ast.FunctionDef or entry not in tree.body or entry.decorator_list \
            or len(defs.get(entry.name, ())) != 1 or statement not in entry.body:
        return None
    guards = [stmt for stmt in tree.body if type(stmt) is ast.If and is_main_test(stmt.test)]
    calls = 0
    for node in ast.walk(tree):
        if type(node) is ast.Name and node.id == entry.name and isinstance(node.ctx, ast.Load):
            holder = parents.get(id(node))
            if type(holder) is not ast.Call or holder.func is not node \
                    or not any(_inside(holder, guard, parents) for guard in guards):
                return None
            calls += 1
    # (a library's importer may call its functions unparsed: a main block must run the entry,
    # once: a second run of the parser may change what the first left)
    return (call, entry, tree.body + entry.body[:entry.body.index(statement)]) if calls == 1 else None


def _runs_early(defs: dict, entry: ast.FunctionDef | None, before: list, watched: set[str]) -> bool:
    """Whether code that runs before the parser's call names one of `watched`: `before` (the
    module's statements, a main block's call of the entry giving only its arguments, and the
    entry's statements before the call), decorators as they are applied (their own statements,
    not the wrappers they define), class bodies, defaults, and whatever module functions and
    classes all those name (whole)."""
    pending: list[tuple[list, bool]] = [(before, True)]  # (code, whether defs in it only run their def statement)
    seen: set[tuple[str, bool]] = set()
    while pending:
        code, shallow = pending.pop()
        for node, applying in _run_nodes(code, shallow):
            if type(node) is not ast.Name or not isinstance(node.ctx, ast.Load):
                continue
            if node.id in watched:
                return True
            key = (node.id, applying)
            if key in seen or entry is not None and node.id == entry.name:
                continue  # (the entry runs after the main block's arguments: its call is not followed)
            seen.add(key)
            for found in defs.get(node.id, ()):
                # a decorator's application runs its body, whose defs only run as statements
                pending.append((found.body, True) if applying and isinstance(found, DEFS) else ([found], False))
    return False


def _run_nodes(code: list, shallow: bool) -> list[tuple[ast.AST, bool]]:
    """(node, whether it is a decorator applied) for the nodes of `code` whose code runs when it
    runs; `shallow`: of a def or lambda in it only decorators and defaults run, of a class its
    bases, decorators and class-level statements (methods as defs)."""
    found: list[tuple[ast.AST, bool]] = []
    pending = [(node, False) for node in code]
    while pending:
        node, applying = pending.pop()
        if shallow and isinstance(node, DEFS + (ast.Lambda,)):
            if not isinstance(node, ast.Lambda):
                pending.extend((decorator, True) for decorator in node.decorator_list)
            pending.extend((default, False) for default in [*node.args.defaults, *node.args.kw_defaults] if default is not None)
            continue
        found.append((node, applying))
        if shallow and type(node) is ast.ClassDef:  # its decorators apply to it, its body runs
            pending.extend((decorator, True) for decorator in node.decorator_list)
            pending.extend((child, False) for child in [*node.bases, *node.keywords, *node.body])
            continue
        pending.extend((child, applying and type(node) is not ast.Call) for child in ast.iter_child_nodes(node))
    return found


def _top_defs(tree: ast.Module) -> dict[str, list]:
    found: dict[str, list] = {}
    for node in ast.walk(tree):
        if isinstance(node, DEFS + (ast.ClassDef,)):
            found.setdefault(node.name, []).append(node)
    return {name: nodes for name, nodes in found.items() if all(node in tree.body for node in nodes)}


def _def_of(node: ast.AST, parents: dict):
    current = parents.get(id(node))
    while current is not None and not isinstance(current, DEFS + (ast.Lambda,)):
        current = parents.get(id(current))
    return current


def _inside(node: ast.AST, block: ast.AST, parents: dict) -> bool:
    """`node` is in `block`, in no loop or def there (it runs at most once when the block runs)."""
    current = node
    while current is not None:
        if current is block:
            return True
        if isinstance(current, (ast.For, ast.AsyncFor, ast.While, ast.comprehension, ast.Lambda) + DEFS):
            return False
        current = parents.get(id(current))
    return False


def _declared(tree: ast.Module, name: str) -> bool:
    return any(type(node) in (ast.Global, ast.Nonlocal) and name in node.names for node in ast.walk(tree))
