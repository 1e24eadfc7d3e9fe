"""Statements the analysis cannot be sure go on (leaving_calls.unreached; adversarial21 L).

`leaves` (leaving_calls.py) recognises statements that surely leave; a call after one passes
nothing. The opposite question decides whether a call after a statement counts as reached: a
finding drawn from a call must not rest on it when the statement before it might end the job,
and the spellings of "ends the job" are endless (`with nullcontext(): sys.exit(0)`, `for _ in
"a": ...`, `if True: ...`, `_ = sys.exit(0)`, `getattr(sys, "exit")(0)`, a helper ending in
`return sys.exit(0)`, a staticmethod or nested def that exits, `raise STOP` of a module
constant). So the answer is conservative: a statement may leave when, outside the defs it
holds (lambdas included: one may be called in place), it raises, names something that ends
the process (`exit`, `quit`, `SystemExit`, `os._exit`, `os.abort`, `getattr(.., "exit")`), or
names a def, lambda or class of the module that may end the process (not counting its raises:
a helper's check or an abstract method's NotImplementedError is no exit) (by name, wherever it is defined:
a method, a nested def and a module def of one name are not told apart, erring toward
"may leave"). An `assert` counts only with a false constant: a program's checks on its own
values are its normal flow, which the analysis follows elsewhere. Parts of a compound statement
sure not to run (`for _ in range(0)`, a `match` no case of which matches a constant) or whose
exit is sure to be swallowed (`suppress(SystemExit)` around `sys.exit`) do not count.
What ends the job naming nothing that ends it (a special method run by an operation, a method or
function of the file a library calls back, argparse's `--help`, `exec`, a name spelled as
computed text, a signal) is read by implicit_exits.py.
"""
from __future__ import annotations

import ast

from codemods.analysis.argument_binding import bind, source_arguments
from codemods.analysis.implicit_exits import CALLED, Ending, class_uses, hooks_level, library_exits
from codemods.analysis.nodes import iter_nodes, module_parents

_ENDING_NAMES = frozenset({"exit", "quit", "SystemExit", "_exit", "abort"})
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
# (library calls keeping a function they run only on a signal or at the job's end)
_LATER = frozenset({"signal.signal", "atexit.register"})
# (what runs when a class is called or used as a context manager)
_HOOKS = frozenset({"__init__", "__new__", "__post_init__", "__call__", "__enter__", "__exit__",
                    "__aenter__", "__aexit__", "__init_subclass__", "__class_getitem__"})


def may_leave_stmt(scope, stmt: ast.stmt, scopes: tuple = ()) -> bool:
    """`stmt` may end its block by raising or ending the process (see the module's doc)."""
    ending = _ending_names(scope)
    if not any(_ends(node, ending) for node in _run_nodes(stmt)):
        return False
    return _may_leave(scope, stmt, scopes, ending, {}, 0)


def _may_leave(scope, stmt: ast.stmt, scopes: tuple, ending: frozenset[str], bound: dict, depth: int) -> bool:
    """As `may_leave_stmt`, leaving out the parts of a compound statement sure not to run or
    whose exit is sure to be swallowed: `for _ in range(0)`, `while False`, an `if` of a constant,
    a `match` no case of which matches its constant subject, the exits under
    `suppress(SystemExit)` (lv1)."""
    def exprs(*nodes) -> bool:
        return any(not _cleared(scope, root, scopes, ending, bound, depth) for root in nodes if root is not None)

    def block(body: list) -> bool:
        return any(_may_leave(scope, inner, scopes, ending, bound, depth) for inner in body)

    if not any(_ends(node, ending, depth == 0) for node in _run_nodes(stmt)):
        return False
    if ending.implicit(stmt):
        return True  # `for _ in Stopper()`, `if obj:` may run a special method that exits (implicit_exits.py)
    kind = type(stmt)
    if kind is ast.If or kind is ast.While:
        test = _constant(scope, stmt.test, scopes, bound)
        known = type(test) in (bool, int, str, type(None))
        return exprs(stmt.test) or (not known or bool(test)) and block(stmt.body) \
            or (not known or not test or kind is ast.While) and block(stmt.orelse)
    if kind is ast.For:
        return exprs(stmt.iter, stmt.target) or not _empty(scope, stmt.iter, scopes) and block(stmt.body) \
            or block(stmt.orelse)
    if kind is ast.With:
        if exprs(*(part for item in stmt.items for part in (item.context_expr, item.optional_vars)
                   if not _suppress(scope, item.context_expr, scopes))):
            return True
        swallowed = _swallowed(scope, stmt.items, scopes)
        if swallowed is None:
            return block(stmt.body)
        return any(_ends(node, ending, depth == 0) and not _exit_call(node, swallowed)
                   for inner in stmt.body for node in _run_nodes(inner))
    if kind is ast.Match:
        subject = _constant(scope, stmt.subject, scopes, bound)
        if type(subject) in (str, int) and all(_misses(case, subject) for case in stmt.cases):
            return exprs(stmt.subject)
    if kind in (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return):
        return exprs(stmt)
    return True


def _constant(scope, expr: ast.expr, scopes: tuple, bound: dict) -> object:
    if type(expr) is ast.Name and expr.id in bound:
        return bound[expr.id]
    return scope.constant(expr, scopes)


def _cleared(scope, root: ast.AST, scopes: tuple, ending: frozenset[str], bound: dict, depth: int) -> bool:
    """Nothing under `root` may end the job: what may is only calls of the module's helpers that,
    given the constants passed, surely return (`stop()` of `def stop(self, dry=False): if dry:
    sys.exit(0)`; `leave(0)` of `leave = lambda code: sys.exit(code) if code else None`: lv2)."""
    if type(root) is ast.IfExp:
        test = _constant(scope, root.test, scopes, bound)
        if type(test) in (bool, int, str, type(None)):
            return _cleared(scope, root.test, scopes, ending, bound, depth) \
                and _cleared(scope, root.body if test else root.orelse, scopes, ending, bound, depth)
    calls = {id(node.func): node for node in _run_nodes(root) if type(node) is ast.Call}
    for node in _run_nodes(root):
        if not _ends(node, ending, depth == 0):
            continue
        call = calls.get(id(node))
        if call is None or type(node) not in (ast.Name, ast.Attribute) \
                or not _returns(scope, call, node.id if type(node) is ast.Name else node.attr, scopes, ending, bound, depth):
            return False
    return True


def _returns(scope, call: ast.Call, name: str, scopes: tuple, ending: frozenset[str], bound: dict, depth: int) -> bool:
    """Every def or lambda of the module by that name, called with these constants, surely returns."""
    made, arguments = _ending_tables(scope)[1].get(name, []), source_arguments(call)
    if name in _ENDING_NAMES or not made or depth > 3 or arguments is None:
        return False
    args = [_constant(scope, arg, scopes, bound) for arg in arguments[0]]
    keywords = {key: _constant(scope, value, scopes, bound) for key, value in arguments[1].items()}
    if not all(type(value) in _PLAIN for value in (*args, *keywords.values())):
        return False
    for function, method in made:
        if type(function) not in (ast.FunctionDef, ast.Lambda) or getattr(function, "decorator_list", None) \
                and not (method and [scope.resolve(d) for d in function.decorator_list] == ["staticmethod"]):
            return False
        skip = 1 if method and type(call.func) is ast.Attribute and not function.decorator_list else 0
        given = _bind(function.args, skip, args, keywords)
        if given is None:
            return False
        if type(function) is ast.Lambda:
            if not _cleared(scope, function.body, (), ending, given, depth + 1):
                return False
        elif any(_may_leave(scope, stmt, (function,), ending, given, depth + 1) for stmt in function.body):
            return False
    return True


_PLAIN = (bool, int, float, str, type(None))


def _bind(params: ast.arguments, skip: int, args: list, keywords: dict) -> dict | None:
    """The constants a call binds the parameters to (defaults for the rest), or None."""
    if params.vararg or params.kwarg or params.kwonlyargs:
        return None
    names = [param.arg for param in params.posonlyargs + params.args][skip:]
    defaults = {name: default.value for name, default in zip(names[len(names) - len(params.defaults):], params.defaults)
                if type(default) is ast.Constant and type(default.value) in _PLAIN}
    return bind(names, args, keywords, defaults)


def _empty(scope, over: ast.expr, scopes: tuple) -> bool:
    """A `for` over this runs no round: `range(0)`, `()`, `[]`, `""`."""
    value = scope.constant(over, scopes)
    if type(value) in (tuple, str, list) and not value:
        return True
    if type(over) is ast.Call and type(over.func) is ast.Name and over.func.id == "range" \
            and not scope.globals.binds("range") and not over.keywords and 1 <= len(over.args) <= 3:
        bounds = [scope.constant(arg, scopes) for arg in over.args]
        return all(type(bound) is int for bound in bounds) and (len(bounds) < 3 or bounds[2] != 0) \
            and len(range(*bounds)) == 0
    return False


def _swallowed(scope, items: list, scopes: tuple) -> str | None:
    """What a `with contextlib.suppress(...)` surely swallows of what ends a job: "all" (a
    BaseException), "exit" (SystemExit); None when not such a with."""
    found = None
    for item in items:
        manager = item.context_expr
        if not _suppress(scope, manager, scopes):
            continue
        names = {arg.id for arg in manager.args if not scope.globals.binds(arg.id)}
        if "BaseException" in names:
            return "all"
        if "SystemExit" in names:
            found = "exit"
    return found


def _suppress(scope, manager: ast.expr, scopes: tuple) -> bool:
    """`contextlib.suppress(A, B)` of class names (making it raises nothing)."""
    return type(manager) is ast.Call and not manager.keywords and all(type(arg) is ast.Name for arg in manager.args) \
        and scope.resolve(manager.func, scopes) == "contextlib.suppress"


def _exit_call(node: ast.AST, swallowed: str) -> bool:
    """A node whose ending is a SystemExit (`sys.exit`, `exit`, `quit`, `raise SystemExit`), or
    any raise when everything is swallowed; `os._exit` and `os.abort` end the process."""
    if swallowed == "all" and type(node) is ast.Raise:
        return True
    if type(node) is ast.Name:
        return node.id in ("exit", "quit", "SystemExit")
    return type(node) is ast.Attribute and node.attr in ("exit", "quit")


def _misses(case: ast.match_case, subject: object) -> bool:
    """A case sure not to match constant `subject`: literal values other than it."""
    pattern = case.pattern
    options = pattern.patterns if type(pattern) is ast.MatchOr else [pattern]
    return all(type(option) is ast.MatchValue and type(option.value) is ast.Constant
               and type(option.value.value) is type(subject) and option.value.value != subject for option in options)


def _run_nodes(root: ast.AST):
    """The nodes that run when `root` does: not the bodies of the defs in it (their decorators
    and defaults are skipped too, an error toward fewer; they rarely end a job)."""
    return iter_nodes(root, lambda inner: isinstance(inner, _DEFS) and inner is not root)


def _ends(node: ast.AST, ending: frozenset[str], raising: bool = True) -> bool:
    """`node` may end the job; a `raise` counts in the statement itself (`raising`), not in the
    helpers it calls, whose raises are most often of checks or abstract methods a subclass overrides."""
    kind = type(node)
    if type(ending) is Ending and ending.implicit(node):
        return True
    if kind is ast.Raise:
        return raising
    if kind is ast.Assert:
        return type(node.test) is ast.Constant and not node.test.value
    if kind is ast.Name:
        return node.id in _ENDING_NAMES or node.id in ending
    if kind is ast.Attribute:
        return node.attr in _ENDING_NAMES or node.attr in ending
    return kind is ast.Constant and type(node.value) is str and node.value in _ENDING_NAMES


def _ending_names(scope) -> frozenset[str]:
    return _ending_tables(scope)[0]


def _ending_tables(scope) -> tuple[frozenset[str], dict]:
    """The names of the module's defs, lambdas (and other values bound by name) and classes that
    may end what calls them, to a fixed point over the names they use; and by name, what binds
    it: (a def or an assigned value, whether a class body holds it)."""
    cached = scope.__dict__.get("_maybe_ending_names")
    if cached is not None:
        return cached
    made: dict[str, list[tuple[ast.AST, bool]]] = {}
    hooks: dict[str, list[str]] = {}
    stored: set[str] = set()  # (names stored as attributes: `getattr(obj, name)` may fetch them)
    methods = {id(stmt) for cls in iter_nodes(scope.tree) if type(cls) is ast.ClassDef for stmt in cls.body}
    for node in iter_nodes(scope.tree):
        if isinstance(node, _DEFS):
            made.setdefault(node.name, []).append((node, id(node) in methods))
        elif type(node) is ast.ClassDef:
            hooks.setdefault(node.name, []).extend(
                stmt.name for stmt in node.body if isinstance(stmt, _DEFS) and stmt.name in _HOOKS)
        elif type(node) in (ast.Assign, ast.AnnAssign, ast.NamedExpr) and node.value is not None:
            targets = node.targets if type(node) is ast.Assign else [node.target]
            for target in targets:
                for name in iter_nodes(target):
                    if type(name) is ast.Name:
                        made.setdefault(name.id, []).append((node.value, False))
                    elif type(name) is ast.Attribute:
                        made.setdefault(name.attr, []).append((node.value, False))
                        stored.add(name.attr)
    parts = {name: [body for found, _ in values for body in (found.body if isinstance(found, _DEFS) else [found])]
             for name, values in made.items()}
    found = library_exits(scope)
    uses = class_uses(scope.tree)
    members = frozenset(stored | {name for name, values in made.items() if any(method for _, method in values)})
    dunders = {stmt.name for cls in iter_nodes(scope.tree) if type(cls) is ast.ClassDef for stmt in cls.body
               if isinstance(stmt, _DEFS) and stmt.name.startswith("__") and stmt.name.endswith("__")}
    callbacks, lambdas, methods_of = _callbacks(scope, made)
    # Whether a library may call back something that ends the job, read from what ends it by
    # name alone (not through the special methods: with one that may, almost every def may, and
    # almost every def is handed to some library call).
    named = _closure(parts, hooks, uses, lambda ending: Ending(ending, 0, found, members))
    called_back = not named.isdisjoint(callbacks) or any(
        _ends(node, Ending(named, 0, found), False) for body in lambdas for node in _run_nodes(body))

    def reading(ending: set[str]) -> Ending:
        hooked = hooks_level(dunders, ending, called_back)
        return Ending(ending, hooked, found, members, _hooky(ending, methods_of, uses) if hooked == CALLED else frozenset())

    ending = _closure(parts, hooks, uses, reading)
    found = (reading(ending), made)
    scope.__dict__["_maybe_ending_names"] = found
    return found


def _closure(parts: dict, hooks: dict, uses: dict, reading) -> set[str]:
    """The names whose bodies (`parts`), hooks or bases may end the job, to a fixed point;
    `reading` makes the Ending a set of such names is read with."""
    ending: set[str] = set()
    changed = True
    while changed:
        changed = False
        now = reading(ending)
        for name, bodies in parts.items():
            if name not in ending and any(_ends(node, now, False) for body in bodies for node in _run_nodes(body)):
                ending.add(name)
                changed = True
        for name, names in hooks.items():
            if name not in ending and any(hook in ending for hook in names):
                ending.add(name)
                changed = True
        for name, others in uses.items():
            if name not in ending and not ending.isdisjoint(others):
                ending.add(name)  # `class Job(metaclass=Meta)` of a Meta whose `__call__` exits; a base's `__init__`
                changed = True
    return ending


def _callbacks(scope, made: dict) -> tuple[frozenset[str], list, dict[str, set[str]]]:
    """What a library may call back: the names of the plain methods of the module's classes whose
    objects a library may hold (a library calls `write`, `emit`, `error`, `find_spec`, ... of the
    objects it is given, and its own methods the overrides of a class derived from its own: see
    `_exposed`) and of the values
    of the module read other than by a call (`type=finish`, `codecs.register(search)`,
    `callback=obj.stop`); the bodies of the lambdas bound to no name (handed on where they are
    written); per class, the names of its plain methods. A function handed to `signal.signal` or
    `atexit.register` runs only on a signal (read by implicit_exits.py) or once the job ends."""
    tree = scope.tree
    methods_of = {node.name: {stmt.name for stmt in node.body if isinstance(stmt, _DEFS)
                              and not (stmt.name.startswith("__") and stmt.name.endswith("__"))}
                  for node in iter_nodes(tree) if type(node) is ast.ClassDef}  # (special methods: `hooks_level`'s)
    exposed = _exposed(scope, methods_of)
    names = {name for cls, methods in methods_of.items() if cls in exposed for name in methods}
    called: set[int] = set()
    bound: set[int] = set()
    lambdas = []
    for node in iter_nodes(tree):
        kind = type(node)
        if kind is ast.Call:
            called.add(id(node.func))
            if node.args and type(node.func) in (ast.Name, ast.Attribute) and scope.resolve(node.func) in _LATER:
                called.update(id(arg) for arg in node.args)
        elif kind in (ast.Assign, ast.AnnAssign, ast.NamedExpr) and type(node.value) is ast.Lambda:
            bound.add(id(node.value))
        elif kind is ast.Lambda:
            lambdas.append(node)
    for node in iter_nodes(tree):
        kind = type(node)
        if kind is ast.Name and type(node.ctx) is ast.Load and id(node) not in called and node.id in made:
            names.add(node.id)
        elif kind is ast.Attribute and type(node.ctx) is ast.Load and id(node) not in called:
            names.add(node.attr)
    return frozenset(names), [node.body for node in lambdas if id(node) not in bound], methods_of


def _exposed(scope, methods_of: dict[str, set[str]]) -> set[str]:
    """The classes of the module a library may hold an object of, or run a method of its own on:
    one with a base other than `object` or a class of the module so exposed, one whose methods
    hand their object on, or whose name is read other than to call it at once on a method of the
    object made (`Job().stop()` hands nothing)."""
    tree = scope.tree
    parents = module_parents(tree)
    found: set[str] = set()
    for node in iter_nodes(tree):
        if type(node) is ast.ClassDef and (node.keywords or any(not (type(base) is ast.Name and (
                base.id in methods_of or base.id == "object" and not scope.globals.binds("object")))
                for base in node.bases) or any(_hands_self(stmt, parents) for stmt in node.body)):
            found.add(node.name)
        elif type(node) is ast.Name and node.id in methods_of and type(node.ctx) is ast.Load:
            made = parents.get(id(node))
            attribute = parents.get(id(made))
            if not (type(made) is ast.Call and made.func is node and type(attribute) is ast.Attribute
                    and type(parents.get(id(attribute))) is ast.Call and parents.get(id(attribute)).func is attribute):
                found.add(node.id)
    classes = [node for node in iter_nodes(tree) if type(node) is ast.ClassDef]
    changed = True
    while changed:
        changed = False
        for node in classes:
            if node.name not in found and any(type(base) is ast.Name and base.id in found for base in node.bases):
                found.add(node.name)
                changed = True
    return found


def _hands_self(method: ast.stmt, parents: dict) -> bool:
    """A method of the class that uses its object other than to read or call its attributes
    (`print(file=self)`, `return self`): a library may get it from there."""
    if not isinstance(method, _DEFS) or not (method.args.posonlyargs + method.args.args):
        return False
    me = (method.args.posonlyargs + method.args.args)[0].arg
    return any(type(node) is ast.Name and node.id == me and type(parents.get(id(node))) is not ast.Attribute
               for node in iter_nodes(method))


def _hooky(ending: set[str], methods_of: dict[str, set[str]], uses: dict[str, set[str]]) -> frozenset[str]:
    """The names of the module a library handed them may call back and end the job by: what may
    end it, and the classes (and their subclasses) with a method that may."""
    found = set(ending) | {name for name, methods in methods_of.items() if not methods.isdisjoint(ending)}
    changed = True
    while changed:
        changed = False
        for name, bases in uses.items():
            if name not in found and not found.isdisjoint(bases):
                found.add(name)
                changed = True
    return frozenset(found)
