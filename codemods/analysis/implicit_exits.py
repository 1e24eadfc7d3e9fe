"""Ways a statement may end the job that name nothing ending (maybe_leaving.py; adversarial22 L).

maybe_leaving.py reads a statement as "may leave" when it names something that ends the job.
These spellings name nothing of the kind:
- a special method of a class of the file that may end the job runs for an operation, not a
  name: `for _ in Stopper()` (`__iter__`), `if obj:` (`__bool__`), `obj[0]`, `obj.field`
  (`__getattr__`, a descriptor's `__get__`), `a + b`, `{obj}` (`__hash__`), `len(obj)`, a
  library call handed the object. Which method an operation runs is not followed, so when one
  such method may end the job, every operation on something other than constants, the module's
  classes (their type is `type`), defs, imports and builtins may (`hooked`); when only an
  `__init__` / `__new__` may, a call of something else (`cls()`, `type(self)()`; not of what a
  library call made, `jax.jit(f)(x)`: the calls of the class's name are maybe_leaving.py's) or
  one that copies (`copy.copy(obj)`); when a `__del__` may, every statement (one dropping the
  last reference to an object runs it);
- a plain method of a class of the file whose objects a library may hold (maybe_leaving.py
  `_exposed`), or a function of the file handed on as a value (not
  called where it is named: `type=finish`, `codecs.register(search)`, `callback=obj.stop`, a
  lambda given to `register_pytree_node`), that ends the job by a name: a library may call it
  back (`print(file=sink)` runs `write`, argparse runs converters and the parser's own `error`,
  a logging handler's `emit`, a `sys.meta_path` finder's `find_spec`), and once a library holds
  it any of its calls may (`logging.warning(...)`, `codecs.lookup(...)`), so every call but one
  of the file's own defs and classes handed inert values may end the job, beside what ANY reads
  (`CALLED`; a handler given to `signal.signal` or `atexit.register` does not count: it runs on
  a signal, read below, or after the job; adversarial27 A, H);
- library calls that end the job: `unittest.main()` (but with `exit=False` and an `argv` that
  asks for no help nor anything else that exits: parse_exits.py), a standard-library
  module's command-line entry (`calendar.main(["cal", "--help"])`, `json.tool.main()` after
  `sys.argv[1:] = ["--help"]`, `zipfile.main`, `pydoc.cli`: argparse's help or an error exits,
  and which arguments they read is not followed; adversarial23 L), the command-line runners of
  absl, fire and typer (`app.run(main)` and `typer.run(f)` always exit; fire's help does), a
  signal raised or
  sent to the process (`signal.raise_signal`, `os.kill`: most signals' default action, or a
  handler the file installs), `exec` / `eval` (but of constant code that calls nothing), the
  standard library's runners of code text, modules and files, which let its SystemExit through
  (`runpy`, `timeit`, `code`, `trace`, `site._script`, `cProfile.run`, ...: every call of theirs
  but a clock's or a path's, and their objects' `run`/`push`/`timeit` methods; a function made
  by `types.FunctionType`; adversarial24 L2), argparse's parse of a list that may ask for help or
  hold an error, or that is not plain (parse_exits.py);
- names spelled as computed text (`getattr(sys, "ex" + "it")`, `vars(sys)[name]`): of a module
  with exits, always; of the module itself, or a call of a name the file rebinds through
  `globals()` or its module object (`globals()["re" + "port"] = stop`), when the file holds
  something that may end the job (`dynamic`); of another object (`getattr(self, name)`), when a
  method or a stored attribute may (`fetched`); of other imported modules, never.
"""
from __future__ import annotations

import ast
import builtins
import sys

from codemods.analysis.nodes import iter_nodes, last_name
from codemods.analysis.parse_exits import PARSING, options as parse_options, parse_may_exit, test_main_may_exit

# (modules an attribute of which ends the process: `getattr(sys, name)(0)`)
_EXITING_MODULES = frozenset({"sys", "os", "builtins", "posix", "_thread", "signal", "__builtins__"})
_SIGNALLING = frozenset({"signal.raise_signal", "signal.pthread_kill", "os.kill", "os.killpg", "_thread.interrupt_main"})
_TEST_MAINS = frozenset({"unittest.main", "unittest.TestProgram"})
# (the names the standard library gives its modules' command-line entries: `python -m calendar`)
_COMMAND_LINES = frozenset({"main", "_main", "_test", "cli"})
# (other libraries' runners that parse `sys.argv` and may exit: absl's and typer's always do)
_ARGV_RUNNERS = frozenset({"absl.app.run", "absl.flags.FLAGS", "fire.Fire", "typer.run"})
_NAMESPACES = frozenset({"vars", "globals", "locals"})
# (modules whose functions and objects run code text, a module, a file or a command line, whose
# SystemExit they let through: `runpy.run_path(p)`, `timeit.timeit("...")`, `code.InteractiveConsole().push`,
# `trace.Trace().run`, `site._script()`, `cProfile.run`, `pdb.run`, `doctest`'s examples; and
# functions made of code objects: `types.FunctionType(compile(text, ...), {})()`)
_RUNNERS = frozenset({"runpy", "code", "timeit", "trace", "site", "pdb", "bdb", "profile", "cProfile", "doctest"})
_CODE_FUNCTIONS = frozenset({"types.FunctionType", "types.LambdaType"})
# (their calls known to run nothing given: a clock, a search path, a compile)
_RUNNER_QUIET = frozenset({"timeit.default_timer", "site.getsitepackages", "site.getusersitepackages",
                           "site.getuserbase", "code.compile_command"})
# (the methods their objects run text or code with; called on an object the module does not
# resolve, in a module that imports such a module)
_RUNNER_METHODS = frozenset({"run", "runctx", "runcall", "runfunc", "runsource", "runcode", "push", "interact",
                             "timeit", "repeat", "autorange", "runeval"})
_TEXT_RUNNERS = frozenset({"exec", "eval", "builtins.exec", "builtins.eval"})
_ENDING_NAMES = frozenset({"exit", "quit", "SystemExit", "_exit", "abort"})
_HARMLESS = (ast.Module, ast.Expression, ast.Import, ast.ImportFrom, ast.alias, ast.Constant, ast.Name, ast.Load,
             ast.Store, ast.Assign, ast.Expr, ast.Pass, ast.Tuple, ast.List)
_OPERATIONS = (ast.Attribute, ast.Subscript, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.JoinedStr,
               ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Starred, ast.Await, ast.Yield,
               ast.YieldFrom, ast.For, ast.AsyncFor, ast.With, ast.AsyncWith, ast.AugAssign, ast.Delete, ast.Match,
               ast.ClassDef, ast.Assert)


# (special methods that run when a class is called or derived from: calls of its name are read
# by maybe_leaving.py; other calls may make its objects too: `cls()`, `copy.copy(obj)`)
CONSTRUCTORS = frozenset({"__init__", "__new__", "__post_init__", "__init_subclass__", "__class_getitem__"})
CONSTRUCTING, ANY, EVERY = 1, 2, 3  # (EVERY: a `__del__` may, and any statement may drop an object)
CALLED = 4  # (as ANY, and a library may hold a function or object of the module it calls back: every call of the library)
# (library calls that make an object of the class of the one given: `copy.copy(obj)`)
_REMAKING = frozenset({"copy", "deepcopy", "replace", "loads", "load"})


def hooks_level(dunders: set[str], ending: set[str], called_back: bool = False) -> int:
    """How far the module's special methods that may end the job reach (see `Ending.hooked`); a
    plain method (a library calls back `write`, `emit`, `error`, `find_spec`, ... of what it is
    given) or a function handed on as a value (`type=finish`, `codecs.register(search)`, a lambda
    given to `register_pytree_node`) that may end it (`called_back`) reaches further: once a
    library holds it, any of its calls may run it (`logging.warning(...)`, `codecs.lookup(...)`)."""
    found = dunders & ending
    if "__del__" in found:
        return EVERY
    return CALLED if called_back else ANY if found - CONSTRUCTORS else CONSTRUCTING if found else 0


class Ending(frozenset):
    """The names of the module that may end the job (maybe_leaving.py), with what this module adds;
    `hooked`: 0, or which operations may run a special method or a callback that ends it
    (CONSTRUCTING, ANY, EVERY, CALLED); `hooky`: under CALLED, the names a library handed them may
    call back and end the job by."""

    def __new__(cls, names, hooked: int, found: tuple, members: frozenset = frozenset(),
                hooky: frozenset = frozenset()):
        made = super().__new__(cls, names)
        made.hooked = hooked
        made.calls, made.dynamic, made.fetched, made.spelled, made.plain, made.library = found
        made.members = not members.isdisjoint(names)  # a method or stored attribute may end the job
        made.hooky = hooky  # (under CALLED, what a library may call back and end the job by)
        return made

    def implicit(self, node: ast.AST) -> bool:
        """`node` may end the job through no ending name (see the module's doc)."""
        key = id(node)
        return key in self.calls or bool(self) and key in self.dynamic or self.members and key in self.fetched \
            or self.spelled.get(key) in self \
            or self.hooked and self._operates(node)

    def _operates(self, node: ast.AST) -> bool:
        """`node` may run a special method of an object other than a constant, a class of the
        module (whose type is `type`) or an imported name."""
        kind = type(node)
        if self.hooked == EVERY:
            return True
        if self.hooked == CONSTRUCTING:  # only an `__init__` or `__new__` may exit: what makes an object
            return kind is ast.Call and (not self._inert(node.func) and not (
                type(node.func) is ast.Call and self._inert(node.func.func)) or last_name(node.func) in _REMAKING)
        if kind is ast.Call:
            if self.hooked == CALLED:  # (only a call of the module's own def or class, not one a library may call back)
                func = node.func
                return not (type(func) is ast.Name and func.id not in self.library and self._inert_call(node))
            return not self._inert_call(node)
        if kind is ast.If or kind is ast.While:
            return not self._inert(node.test)
        if kind is ast.Assign:
            return any(type(target) in (ast.Tuple, ast.List) for target in node.targets)  # unpacking iterates
        if kind is ast.Set or kind is ast.Dict:
            return not all(self._inert(item) for item in (node.elts if kind is ast.Set else node.keys))
        if kind is ast.BinOp:
            return not (self._inert(node.left) and self._inert(node.right))
        if kind is ast.UnaryOp:
            return not self._inert(node.operand)
        if kind is ast.Compare:
            return not all(self._inert(part) for part in (node.left, *node.comparators))
        if kind is ast.JoinedStr:
            return not all(type(part) is ast.Constant or self._inert(part.value) and part.format_spec is None
                           for part in node.values)
        if kind is ast.Attribute:
            return id(node) not in self.plain
        return kind in _OPERATIONS

    def _inert(self, expr: ast.expr | None) -> bool:
        kind = type(expr)
        if kind is ast.Constant or kind is ast.Name and expr.id in self.plain and expr.id not in self.hooky:
            return True
        if kind is ast.Tuple or kind is ast.List:
            return all(self._inert(item) for item in expr.elts)
        return kind is ast.Attribute and id(expr) in self.plain

    def _inert_call(self, call: ast.Call) -> bool:
        return self._inert(call.func) and all(self._inert(arg) for arg in call.args) \
            and all(self._inert(keyword.value) for keyword in call.keywords)


def class_uses(tree: ast.Module) -> dict[str, set[str]]:
    """Per class of the module, the names its bases and keywords (`metaclass=`) are written with:
    making its object runs their hooks too."""
    return {node.name: {name for expr in (*node.bases, *(keyword.value for keyword in node.keywords))
                        if (name := last_name(expr)) is not None}
            for node in iter_nodes(tree) if type(node) is ast.ClassDef}


def library_exits(scope) -> tuple:
    """Ids of the nodes that may end the job whatever the module holds, of those that may when it
    holds something that may (see the module's doc), the names computed texts spell by id, and
    the names and ids of imported attributes that run no special method of the module's."""
    cached = scope.__dict__.get("_implicit_exits")
    if cached is not None:
        return cached
    calls: set[int] = set()
    dynamic: set[int] = set()
    fetched: set[int] = set()
    spelled: dict[int, str] = {}
    options = parse_options(scope.tree)
    volatile = scope.volatile
    runners = _imports_runner(scope)
    for node in iter_nodes(scope.tree):
        kind = type(node)
        if kind is ast.Subscript and _namespace(node.value) is not None and _runner(scope, _namespace(node.value)):
            calls.add(id(node))  # `vars(runpy)["run_path"]`: any member of a runner of code
        elif kind is ast.Subscript and type(node.slice) is not ast.Constant and _namespace(node.value):
            _computed(scope, node, node.slice, _namespace(node.value), calls, dynamic, fetched, spelled)
        if kind is not ast.Call:
            continue
        func = node.func
        if type(func) is ast.Name and func.id in ("getattr", "__import__") and not scope.globals.binds(func.id) \
                and node.args and (_runner(scope, node.args[0]) if func.id == "getattr" else _imports_runs(scope, node)) \
                or scope.resolve(func) == "importlib.import_module" and _imports_runs(scope, node):
            calls.add(id(node))  # `getattr(runpy, "run_path")`, `importlib.import_module("timeit")`
            continue
        name = scope.resolve(func)
        if name in _SIGNALLING or name in _ARGV_RUNNERS or _command_line(name) or name in _TEST_MAINS and (not any(
                keyword.arg == "exit" and type(keyword.value) is ast.Constant and keyword.value.value is False
                for keyword in node.keywords) or test_main_may_exit(scope, node)):
            calls.add(id(node))  # (`unittest.main(argv=["p", "-h"], exit=False)` exits: help comes first)
        elif _runs_code(name, func, runners):
            calls.add(id(node))
        elif (type(func) is ast.Name and func.id in ("exec", "eval") and not scope.globals.binds(func.id)
              or name in _TEXT_RUNNERS):
            if not (len(node.args) == 1 and not node.keywords and _harmless(node.args[0], last_name(func))):
                calls.add(id(node))
        elif type(func) is ast.Name and func.id == "getattr" and not scope.globals.binds("getattr") \
                and len(node.args) >= 2 and type(node.args[1]) is not ast.Constant:
            _computed(scope, node, node.args[1], node.args[0], calls, dynamic, fetched, spelled)
        elif type(func) is ast.Name and func.id in volatile:
            dynamic.add(id(node))  # `report()` of a name `globals()[...] = stop` may rebind
        elif type(func) is ast.Attribute and func.attr in PARSING and parse_may_exit(scope, node, options):
            calls.add(id(node))
    plain, library = _plain(scope)
    cached = scope.__dict__["_implicit_exits"] = (frozenset(calls), frozenset(dynamic), frozenset(fetched), spelled,
                                                  plain, library)
    return cached


def _command_line(name: str | None) -> bool:
    """`name` is a standard-library module's command-line entry (it may parse `sys.argv` or the
    list given with argparse, and exit)."""
    if name is None or "." not in name or name in _TEST_MAINS:  # (read with their `exit=False` above)
        return False
    head, _, last = name.rpartition(".")
    return last in _COMMAND_LINES and head.split(".")[0] in sys.stdlib_module_names and head != "__main__"


def _computed(scope, node: ast.AST, name: ast.expr, holder: ast.expr, calls: set, dynamic: set, fetched: set,
              spelled: dict) -> None:
    """`getattr(holder, name)`, `vars(holder)[name]` of a name not written as one constant."""
    text = _text(scope, name)
    if text is not None:
        if text in _ENDING_NAMES:
            calls.add(id(node))
        spelled[id(node)] = text  # `getattr(self, "st" + "op")`: as the name it spells
    elif _exiting_module(scope, holder):
        calls.add(id(node))
    elif _module_itself(holder):
        dynamic.add(id(node))  # `globals()[name]`, `getattr(sys.modules[__name__], name)`: any def of the module
    elif not (type(holder) in (ast.Name, ast.Attribute) and scope.resolve(holder) is not None):
        fetched.add(id(node))  # `getattr(self, name)`: a method, or a value stored on an object


def _module_itself(holder: ast.expr) -> bool:
    if type(holder) is ast.Subscript:
        holder = holder.value
    return type(holder) is ast.Call and not holder.args or type(holder) is ast.Attribute and holder.attr == "modules"


def _text(scope, expr: ast.expr) -> str | None:
    """The text a constant expression spells: `"ex" + "it"`, `f"{'ex'}it"`, a module constant."""
    if type(expr) is ast.BinOp and type(expr.op) is ast.Add:
        left, right = _text(scope, expr.left), _text(scope, expr.right)
        return None if left is None or right is None else left + right
    if type(expr) is ast.JoinedStr:
        parts = [part.value if type(part) is ast.Constant else None if part.format_spec or part.conversion != -1
                 else _text(scope, part.value) for part in expr.values]
        return None if None in parts else "".join(parts)
    value = scope.constant(expr)
    return value if type(value) is str else None


def _harmless(code: ast.expr, mode: str) -> bool:
    """Constant code for `exec` / `eval` that calls, raises and reads nothing that could end the job."""
    if type(code) is not ast.Constant or type(code.value) is not str:
        return False
    try:
        tree = ast.parse(code.value, mode="eval" if mode == "eval" else "exec")
    except (SyntaxError, ValueError):
        return False
    return all(type(node) in _HARMLESS for node in ast.walk(tree)) and not any(
        type(node) is ast.Name and node.id in _ENDING_NAMES for node in ast.walk(tree))


def _plain(scope) -> tuple[frozenset, frozenset]:
    """Names and ids of Attribute nodes whose objects run no special method of the module's: its
    classes (their type is `type`: no metaclass, decorator or base other than such classes and
    builtins), defs, imports and builtins the module does not bind otherwise; imported attributes.
    And of those names, the imports and builtins (what they make of such values is no object of
    the module's)."""
    known, volatile = scope.globals, scope.volatile
    classes = scope.classes
    found: set = set()

    def plain_class(cls: ast.ClassDef, depth: int) -> bool:
        return not cls.keywords and not cls.decorator_list and depth < 8 and all(
            type(base) is ast.Name and (base.id in classes and plain_class(classes[base.id], depth + 1)
                                        or not known.binds(base.id) and hasattr(builtins, base.id))
            for base in cls.bases)

    found.update(name for name, cls in classes.items() if plain_class(cls, 0))
    found.update(name for name in known.functions if known.unique_function(name) is not None
                 and name not in classes)
    imported = {name for name, dotted in scope.imports.bindings.items() if dotted is not None} - volatile
    found.update(imported)
    found.update(name for name in dir(builtins) if not known.binds(name) and name not in scope.imports.bindings)
    found -= volatile | _bound_inside(scope.tree)
    library = frozenset(name for name in found if type(name) is str and (name in imported or name not in classes
                                                                          and name not in known.functions))
    imported &= found
    for node in iter_nodes(scope.tree):
        if type(node) is ast.Attribute and type(node.ctx) is ast.Load:
            head = node.value
            while type(head) is ast.Attribute:
                head = head.value
            if type(head) is ast.Name and head.id in imported:
                found.add(id(node))
    return frozenset(found), library


def _bound_inside(tree: ast.Module) -> set[str]:
    """Names bound other than by a def, class or import of the module's own body: a parameter
    `input`, a local `np`, may hold any object."""
    top = {id(stmt) for stmt in tree.body if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                                                ast.Import, ast.ImportFrom))}
    found: set[str] = set()
    for node in iter_nodes(tree):
        kind = type(node)
        if kind is ast.arg:
            found.add(node.arg)
        elif kind is ast.Name and type(node.ctx) is not ast.Load:
            found.add(node.id)
        elif kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) and id(node) not in top:
            found.add(node.name)
        elif kind in (ast.Import, ast.ImportFrom) and id(node) not in top:
            found.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif kind in (ast.ExceptHandler, ast.MatchAs, ast.MatchStar) and node.name:
            found.add(node.name)
        elif kind is ast.MatchMapping and node.rest:
            found.add(node.rest)
        elif kind in (ast.Global, ast.Nonlocal):
            found.update(node.names)
    return found


def _namespace(expr: ast.expr) -> ast.expr | None:
    """The object whose namespace `expr` is: `vars(sys)`, `sys.__dict__`, `globals()` (the module)."""
    if type(expr) is ast.Attribute and expr.attr == "__dict__":
        return expr.value
    if type(expr) is ast.Call and type(expr.func) is ast.Name and expr.func.id in _NAMESPACES:
        return expr.args[0] if expr.args else expr
    if type(expr) is ast.Attribute and expr.attr == "modules":
        return expr
    return None


def _exiting_module(scope, expr: ast.expr) -> bool:
    return type(expr) in (ast.Name, ast.Attribute) and scope.resolve(expr) in _EXITING_MODULES \
        or type(expr) is ast.Name and expr.id == "__builtins__"


def _imports_runner(scope) -> bool:
    """The module imports a module of `_RUNNERS` (its objects may be made anywhere in it)."""
    return any(dotted is not None and dotted.split(".")[0] in _RUNNERS for dotted in scope.imports.bindings.values())


def _runs_code(name: str | None, func: ast.expr, runners: bool) -> bool:
    """A call that may run code text, a module, a file or a made function (see `_RUNNERS`)."""
    if name is not None:
        return name.split(".")[0] in _RUNNERS and name not in _RUNNER_QUIET or name in _CODE_FUNCTIONS
    return runners and type(func) is ast.Attribute and func.attr in _RUNNER_METHODS


def _runner(scope, expr: ast.expr) -> bool:
    """`expr` is a module of `_RUNNERS` (`runpy`, `timeit`, ...)."""
    name = scope.resolve(expr) if type(expr) in (ast.Name, ast.Attribute) else None
    return name is not None and name.split(".")[0] in _RUNNERS


def _imports_runs(scope, call: ast.Call) -> bool:
    """`importlib.import_module(name)` / `__import__(name)` of a name not constant, or of a runner
    of code (whose members are then called unresolved)."""
    text = _text(scope, call.args[0]) if call.args else None
    return text is None or text.split(".")[0] in _RUNNERS
