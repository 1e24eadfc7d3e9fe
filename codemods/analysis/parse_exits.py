"""Whether a parse of command-line arguments may end the job (implicit_exits.py; adversarial22-24 L).

argparse's `parse_args` (and its kin) prints help, a version or an error and exits for `-h`,
`--help` (or an abbreviation, `-vh`), an option of a "help" or "version" action, an ambiguous
abbreviation, an option the parser does not declare (but to `parse_known_args`), and for any of
these read from a file named after a `fromfile_prefix_chars` character. `unittest.main` and
`unittest.TestProgram` parse their `argv` so before their `exit=False` is read.

Which list is parsed must be plain, else the parse may exit: a list of constant words (through
names bound once to them in the function or the module: `flag = "-h"; parse_args([flag])`), or
the job's own `sys.argv` (`parse_args()`, `parse_args(sys.argv[1:])`), read as given to the job
(no option) unless the module may change it (`argv_changed`: a store, a method other than a
read, an alias `argv = sys.argv` / `from sys import argv` / `getattr(sys, "argv")` /
`vars(sys)["argv"]` changed or handed on), or a parameter every call of the module hands such a
list (or which keeps its default). A list built otherwise (`"--help".split()`, `shlex.split(...)`,
a computed name) may hold anything.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import NOT_LITERAL, iter_nodes, iter_with_scopes, last_name, literal_value, module_parents

_LEAVING_ACTIONS = frozenset({"help", "version"})
# (calls that read a list without changing or keeping it)
_READING = frozenset({"len", "list", "tuple", "sorted", "print", "str", "repr", "enumerate", "iter", "set",
                      "frozenset", "any", "all", "reversed", "bool"})
_READ_METHODS = frozenset({"count", "index", "copy", "__len__", "__contains__", "__getitem__", "__iter__"})
PARSING = frozenset({"parse_args", "parse_known_args", "parse_intermixed_args", "parse_known_intermixed_args"})
_DEPTH = 4


def options(tree: ast.Module) -> tuple[dict[str, str | None], bool]:
    """The option strings the module's `add_argument` calls declare, each with its constant
    `action=` (None when none or not constant); whether some parser takes other prefix chars or
    reads arguments from files (`fromfile_prefix_chars`)."""
    declared: dict[str, str | None] = {}
    prefixed = False
    for node in iter_nodes(tree):
        if type(node) is not ast.Call:
            continue
        if any(keyword.arg in ("prefix_chars", "fromfile_prefix_chars") and not (
                type(keyword.value) is ast.Constant and keyword.value.value is None) for keyword in node.keywords):
            prefixed = True
        if type(node.func) is ast.Attribute and node.func.attr == "add_argument":
            action = next((keyword.value for keyword in node.keywords if keyword.arg == "action"), None)
            text = action.value if type(action) is ast.Constant and type(action.value) is str else None
            for arg in node.args:
                if type(arg) is ast.Constant and type(arg.value) is str:
                    declared[arg.value] = text if action is None or text is not None else "?"
    return declared, prefixed


def parse_may_exit(scope, call: ast.Call, declared: tuple) -> bool:
    """argparse's parse of these arguments may print help, a version or an error and exit."""
    given = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "args"), None)
    known = call.func.attr.startswith("parse_known")  # (which hands unknown options back)
    return _list_may_exit(scope, given, _scopes_of(scope.tree).get(id(call), ()),
                          lambda items: _options_exit(items, declared, known), 0)


def test_main_may_exit(scope, call: ast.Call) -> bool:
    """`unittest.main(..., exit=False)` may still exit: its `argv` may ask for help, name an
    unknown option, or `discover` (which imports what it finds); another module is imported."""
    if len(call.args) > 3 or any(type(arg) is ast.Starred for arg in call.args) or any(
            keyword.arg is None for keyword in call.keywords):
        return True
    module = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "module"), None)
    if module is not None and not (type(module) is ast.Constant and module.value == "__main__"):
        return True
    given = call.args[2] if len(call.args) > 2 else next((k.value for k in call.keywords if k.arg == "argv"), None)
    return _list_may_exit(scope, given, _scopes_of(scope.tree).get(id(call), ()), _test_options_exit, 0)


def _options_exit(items: list[str], options: tuple, known: bool) -> bool:
    declared, prefixed = options
    if prefixed:
        return True
    for item in items:
        if item == "--":
            break
        if not item.startswith("-") or item == "-" or item[1:2].isdigit():
            continue
        flag = item.split("=", 1)[0]
        named = [flag] if flag in declared else [option for option in declared
                                                  if flag.startswith("--") and option.startswith(flag)]
        if len(named) > 1 or any(declared[option] in _LEAVING_ACTIONS or declared[option] == "?" for option in named):
            return True  # an ambiguous abbreviation, `--version` (or `--vers`)
        if not named and (not known or flag == "-h" or "--help".startswith(flag) and len(flag) > 2
                          or not flag.startswith("--") and "h" in flag[1:]):
            return True  # `--help`, `-h`, `--he`, `-vh`; an unknown option (an error) but to parse_known_args
    return False


def _test_options_exit(items: list[str]) -> bool:
    """unittest's own words: every option may exit (`-h`, `-vh`, an error), `discover` runs
    discovery; test names are loaded, and failures reported, without exiting."""
    rest = items[1:]
    return any(item.startswith("-") for item in rest) or bool(rest) and rest[0] == "discover"


def _list_may_exit(scope, given: ast.expr | None, scopes: tuple, check, depth: int) -> bool:
    """`check` may hold for some list `given` can be (see the module's doc)."""
    if depth > _DEPTH:
        return True
    if given is None or type(given) is ast.Constant and given.value is None:
        return argv_changed(scope)  # (the interpreter reads `sys.argv` as the job's own, unchanged)
    kind = type(given)
    if any(id(node) in _argv_nodes(scope) for node in iter_nodes(given)):
        return not _argv_copy(scope, given) or argv_changed(scope)  # `sys.argv[1:]`, `list(argv[1:])`
    if kind is ast.IfExp:
        return _list_may_exit(scope, given.body, scopes, check, depth) \
            or _list_may_exit(scope, given.orelse, scopes, check, depth)
    if kind is ast.BoolOp:
        return any(_list_may_exit(scope, value, scopes, check, depth) for value in given.values)
    if kind is ast.Call and type(given.func) is ast.Name and given.func.id in ("list", "tuple") and len(given.args) == 1 \
            and not given.keywords and not scope.globals.binds(given.func.id):
        return _list_may_exit(scope, given.args[0], scopes, check, depth)
    if kind is ast.Name and scopes and given.id in _parameters(scopes[-1]) \
            and not scope.locals_of(scopes[-1]).unique_value(given.id) and _only_parameter(scopes[-1], given.id):
        return _parameter_may_exit(scope, scopes, given.id, check, depth)
    if kind is ast.Name:
        bound, outer = scope.lookup_value(given.id, scopes)
        if bound is not None:
            return _list_may_exit(scope, bound, outer, check, depth + 1)
    items = _fold(scope, given, scopes, 0)
    if kind is ast.Subscript and isinstance(items, (list, tuple)) and items and all(type(i) is str for i in items):
        return check(list(items))  # (a row of a table of lists)
    if kind is ast.Subscript and type(given.value) is ast.Name and not _changed_table(scope.tree, given.value.id):
        table, outer = scope.lookup_value(given.value.id, scopes)
        rows = table.values if type(table) is ast.Dict else table.elts if type(table) in (ast.List, ast.Tuple) else None
        if rows is not None and None not in rows:
            return any(_list_may_exit(scope, row, outer, check, depth + 1) for row in rows)  # `MODE_FLAGS[args.mode]`
        return True
    if isinstance(items, (list, tuple)) and all(type(item) is str for item in items):
        return check(list(items))
    return True


def _fold(scope, expr: ast.expr, scopes: tuple, depth: int) -> object:
    """The constant `expr` spells through literals, `+` of texts or lists, and names bound once
    to such (never running the interpreter: this is asked while it reads the module)."""
    value = literal_value(expr)
    if value is not NOT_LITERAL or depth > 8:
        return value
    kind = type(expr)
    if kind is ast.Name:
        bound, outer = scope.lookup_value(expr.id, scopes)
        return NOT_LITERAL if bound is None else _fold(scope, bound, outer, depth + 1)
    if kind is ast.List or kind is ast.Tuple:
        items = [_fold(scope, item, scopes, depth + 1) for item in expr.elts]
        return NOT_LITERAL if any(item is NOT_LITERAL for item in items) else items
    if kind is ast.BinOp and type(expr.op) is ast.Add:
        left, right = _fold(scope, expr.left, scopes, depth + 1), _fold(scope, expr.right, scopes, depth + 1)
        if type(left) is str and type(right) is str or type(left) in (list, tuple) and type(right) in (list, tuple):
            return list(left) + list(right) if type(left) is not str else left + right
    return NOT_LITERAL


def _changed_table(tree: ast.Module, name: str) -> bool:
    """A table of lists `name` some code may change: an item stored, a method called, handed on."""
    parents = module_parents(tree)
    for node in iter_nodes(tree):
        if type(node) is ast.Name and node.id == name and type(node.ctx) is ast.Load:
            parent = parents.get(id(node))
            user = parents.get(id(parent))
            if not (type(parent) is ast.Subscript and type(parent.ctx) is ast.Load and type(user) is ast.Call
                    and parent in user.args and last_name(user.func) in PARSING | {"list", "tuple"}):
                return True  # (only read as the list a parse is handed)
    return False


def _parameters(function) -> list[str]:
    args = function.args
    return [param.arg for param in args.posonlyargs + args.args + args.kwonlyargs]


def _only_parameter(function, name: str) -> bool:
    """`name` is bound in `function` by its parameter alone."""
    return not any(type(node) is ast.Name and node.id == name and type(node.ctx) is not ast.Load
                   for node in iter_nodes(function))


def _parameter_may_exit(scope, scopes: tuple, name: str, check, depth: int) -> bool:
    """Some call of the function may hand its parameter `name` a list that may exit (or the
    function is handed on, called with `*`/`**` that may cover it, or never called and has no default)."""
    function = scopes[-1]
    args = function.args
    positional = [param.arg for param in args.posonlyargs + args.args]
    defaults = dict(zip(positional[len(positional) - len(args.defaults):], args.defaults))
    defaults.update((param.arg, default) for param, default in zip(args.kwonlyargs, args.kw_defaults)
                    if default is not None)
    method = scope.class_of(function) is not None
    found = _uses_of(scope.tree, function.name, method)
    if found is None:
        return True  # handed on as a value: called where the module does not show
    calls = found
    if not calls:
        return name not in defaults or _list_may_exit(scope, defaults[name], scopes[:-1], check, depth + 1)
    for call, outer in calls:
        skip = 1 if method and type(call.func) is ast.Attribute else 0
        index = positional.index(name) - skip if name in positional else None
        if index is not None and index < 0:
            return True
        keyword = next((k.value for k in call.keywords if k.arg == name), None)
        if any(k.arg is None for k in call.keywords) and keyword is None:
            return True
        starred = _starred_width(scope, call)
        if starred is None:
            return True
        if keyword is not None:
            given = keyword
        elif index is not None and index < starred:
            if any(type(arg) is ast.Starred for arg in call.args[: index + 1]):
                return True
            given = call.args[index]
        elif name in defaults:
            given = defaults[name]
            outer = scopes[:-1]
        else:
            return True
        if _list_may_exit(scope, given, outer, check, depth + 1):
            return True
    return False


def _starred_width(scope, call: ast.Call) -> int | None:
    """How many positional arguments the call hands: `*inputs()` of a def that returns tuples of
    one length; None when not known."""
    width = 0
    for arg in call.args:
        if type(arg) is not ast.Starred:
            width += 1
            continue
        value = arg.value
        function = scope.globals.unique_function(value.func.id) \
            if type(value) is ast.Call and type(value.func) is ast.Name and not value.args else None
        if function is None:
            return None
        returns = [node.value for node in iter_nodes(function) if type(node) is ast.Return]
        sizes = {len(item.elts) if type(item) is ast.Tuple and not any(type(e) is ast.Starred for e in item.elts)
                 else None for item in returns}
        if len(sizes) != 1 or None in sizes:
            return None
        width += sizes.pop()
    return width


def _uses_of(tree: ast.Module, name: str, method: bool):
    """The calls `name(...)` (of a method: `obj.name(...)` too) of the module with their scopes;
    None when the name is read otherwise (handed on as a value)."""
    scopes = _scopes_of(tree)
    parents = module_parents(tree)
    calls = []
    for node in iter_nodes(tree):
        if type(node) is ast.Name and node.id == name or method and type(node) is ast.Attribute and node.attr == name:
            if type(node.ctx) is not ast.Load:
                continue
            parent = parents.get(id(node))
            if type(parent) is ast.Call and parent.func is node:
                calls.append((parent, scopes.get(id(parent), ())))
            else:
                return None
    return calls


def _scopes_of(tree: ast.Module) -> dict[int, tuple]:
    found = tree.__dict__.get("_shardfix_parse_scopes")
    if found is None:
        found = tree._shardfix_parse_scopes = {id(node): scopes for node, scopes in iter_with_scopes(tree)
                                               if type(node) is ast.Call}
    return found


def _argv_copy(scope, given: ast.expr) -> bool:
    """`given` is `sys.argv` (or an alias), a slice of it, or `list(...)` / `tuple(...)` of those."""
    while type(given) is ast.Call and type(given.func) is ast.Name and given.func.id in ("list", "tuple") \
            and len(given.args) == 1 and not given.keywords:
        given = given.args[0]
    if type(given) is ast.Subscript:
        given = given.value
    return id(given) in _argv_nodes(scope)


def argv_changed(scope) -> bool:
    """The module may change `sys.argv` (see the module's doc)."""
    cached = scope.__dict__.get("_argv_changed")
    if cached is None:
        cached = scope.__dict__["_argv_changed"] = _argv_changes(scope)
    return cached


def _argv_nodes(scope) -> frozenset[int]:
    """Ids of the expressions that are `sys.argv` itself: `sys.argv`, `getattr(sys, "argv")`,
    `vars(sys)["argv"]`, `sys.__dict__["argv"]`, and reads of its aliases."""
    cached = scope.__dict__.get("_argv_nodes")
    if cached is None:
        cached = scope.__dict__["_argv_nodes"] = _find_argv(scope)[0]
    return cached


def _find_argv(scope) -> tuple[frozenset[int], bool]:
    """The nodes of `_argv_nodes`, and whether some spelling may reach `sys.argv` unseen
    (`getattr(sys, name)`, `setattr(sys, ...)`, `vars(sys)[name]` of a computed name)."""
    tree = scope.tree
    parents = module_parents(tree)
    aliases = {alias.asname or alias.name for node in iter_nodes(tree) if type(node) is ast.ImportFrom
               and node.module == "sys" and not node.level for alias in node.names if alias.name in ("argv", "*")}
    aliases.discard("*")
    found: set[int] = set()
    unseen = False
    changed = True
    while changed:
        changed = False
        for node in iter_nodes(tree):
            if id(node) in found:
                continue
            kind = type(node)
            spelled = None
            if kind is ast.Attribute and node.attr == "argv" and scope.resolve(node) == "sys.argv" \
                    or kind is ast.Name and node.id in aliases and type(node.ctx) is ast.Load:
                spelled = True
            elif kind is ast.Call and type(node.func) is ast.Name and node.func.id in ("getattr", "setattr") \
                    and len(node.args) >= 2 and _is_sys(scope, node.args[0]):
                name = _fold(scope, node.args[1], (), 0)
                spelled = name == "argv" or None
                unseen |= node.func.id == "setattr" and name in ("argv", None) or type(name) is not str
            elif kind is ast.Subscript and _sys_namespace(scope, node.value):
                name = _fold(scope, node.slice, (), 0)
                spelled = name == "argv" or None
                unseen |= type(name) is not str or name == "argv" and type(node.ctx) is not ast.Load
            elif kind is ast.Name and node.id in aliases and type(parents.get(id(node))) is ast.AugAssign:
                unseen = True  # `argv += ["-h"]` extends the list in place
            if spelled:
                found.add(id(node))
                changed = True
                parent = parents.get(id(node))
                if type(parent) in (ast.Assign, ast.AnnAssign, ast.NamedExpr) and parent.value is node:
                    targets = parent.targets if type(parent) is ast.Assign else [parent.target]
                    aliases.update(target.id for target in targets if type(target) is ast.Name)
    return frozenset(found), unseen


def _argv_changes(scope) -> bool:
    nodes, unseen = _find_argv(scope)
    parents = module_parents(scope.tree)
    return unseen or any(id(node) in nodes and _changes(scope, node, parents.get(id(node)))
                         for node in iter_nodes(scope.tree))


def _changes(scope, node: ast.expr, parent: ast.AST | None) -> bool:
    """The use of `sys.argv` at `node` may change it or hand it where it may be changed."""
    if type(getattr(node, "ctx", None)) in (ast.Store, ast.Del):
        return True  # `sys.argv = [...]`
    kind = type(parent)
    if kind is ast.Subscript:
        return parent.value is node and type(parent.ctx) is not ast.Load  # `argv[1:] = [...]`, `del argv[1:]`
    if kind is ast.Attribute:
        return parent.attr not in _READ_METHODS  # `argv.append(...)`
    if kind is ast.Call:
        func = parent.func
        return not (type(func) is ast.Name and func.id in _READING and not scope.globals.binds(func.id)
                    or type(func) is ast.Attribute and func.attr in PARSING)
    if kind in (ast.Assign, ast.AnnAssign, ast.NamedExpr):
        targets = parent.targets if kind is ast.Assign else [parent.target]
        return not all(type(target) is ast.Name for target in targets)  # (a Name: an alias, followed)
    if kind in (ast.For, ast.AsyncFor, ast.comprehension):
        return parent.iter is not node
    return kind not in (ast.Compare, ast.If, ast.While, ast.UnaryOp, ast.FormattedValue, ast.Expr)


def _is_sys(scope, expr: ast.expr) -> bool:
    return type(expr) in (ast.Name, ast.Attribute) and scope.resolve(expr) == "sys"


def _sys_namespace(scope, expr: ast.expr) -> bool:
    """`vars(sys)`, `sys.__dict__`."""
    if type(expr) is ast.Attribute and expr.attr == "__dict__":
        return _is_sys(scope, expr.value)
    return type(expr) is ast.Call and type(expr.func) is ast.Name and expr.func.id == "vars" and len(expr.args) == 1 \
        and _is_sys(scope, expr.args[0])
