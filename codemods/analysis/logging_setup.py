"""A program's own logging set-up in a script run (script_logging.py, script_run.py; issue 13).

A company's jobs open with their logging: a JSON formatter deriving from `logging.Formatter`,
a `logging.StreamHandler` given it, `logger.addHandler(handler)` under `if not logger.handlers:`,
`logger.propagate = False`, and log calls with `extra={...}`. A run that stopped at the class
statement would miss every bug after it. What Python does:
- `logging.getLogger(name)` is one logger per name; a name of the program's own (not the root,
  not a module it imports or one a library owns) has no handlers until the program adds them;
- a handler calls its filters and its formatter only inside `Handler.handle`/`emit`, where
  `emit` catches every Exception (`handleError` prints it): a log call raises nothing of theirs;
  it returns None whether the level is enabled or not (which depends on the process's set-up);
- so a log call changes nothing the program reads when the code it may run changes nothing the
  program reads: the run checks that of each handler, formatter and filter of the module's own
  classes reached by the logger and its parents, and stops (Bail) where it cannot tell.
A class deriving from a logging class is made as the module's plain class (its body run); its
objects are opaque: only logging's own calls take them, and reading or calling anything of them
stops the run. Its methods must be quiet (`_quiet`): no global or nonlocal, no store but to its
own `self` in `__init__`, to the record or to a fresh local; calls only of its own methods, of
`super()`, of pure builtins and library functions, and of reading methods on anything else.
Constructing one runs no program code beyond such stores: its arguments must be plain values.
"""
from __future__ import annotations

import ast
import importlib.util
import logging

from codemods.analysis.host_exprs import plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Lib, RunCallable, UClass

BASES = {"logging.Formatter": "formatter", "logging.Filter": "filter", "logging.Handler": "handler",
         "logging.StreamHandler": "handler", "logging.NullHandler": "handler"}
_LIBRARY_LOGGERS = frozenset({"jax", "jaxlib", "absl", "numpy", "urllib3", "asyncio", "concurrent", "py", "root",
                              "tensorflow", "torch", "flax", "optax", "orbax", "etils", "matplotlib", "PIL"})
_PURE_BUILTINS = frozenset({"dict", "list", "set", "tuple", "frozenset", "str", "repr", "int", "float", "bool", "round",
                            "len", "sorted", "isinstance", "getattr", "hasattr", "vars", "min", "max", "zip", "enumerate",
                            "abs", "any", "all", "format", "type", "sum", "range", "reversed", "iter", "print"})
_PURE_LIBRARY = ("json.dumps", "time.", "datetime.", "math.", "os.getpid", "os.path.basename", "traceback.format_",
                 "socket.gethostname", "platform.node")
_READING = frozenset({"get", "items", "keys", "values", "copy", "union", "intersection", "difference", "issubset",
                      "issuperset", "startswith", "endswith", "join", "format", "lower", "upper", "strip", "rstrip",
                      "lstrip", "split", "rsplit", "replace", "isoformat", "strftime", "getMessage", "count", "index",
                      "timestamp", "astimezone", "total_seconds", "encode", "decode", "fromtimestamp", "utcfromtimestamp",
                      "formatTime", "formatException", "formatStack", "formatMessage", "usesTime", "find", "title"})
_FRESH_CALLS = frozenset({"dict", "list", "set", "sorted"})


class LoggingClass(RunCallable, ModelledObject):
    """A module class deriving from a logging class (`kind`: formatter, filter or handler)."""

    __slots__ = ("cls", "kind", "env", "quiet")

    def __init__(self, cls: UClass, kind: str, env) -> None:
        self.cls, self.kind, self.env, self.quiet = cls, kind, env, None

    def attribute(self, run, name: str) -> object:
        if name == "__name__":
            return self.cls.node.name
        raise Bail

    def __call__(self, run, args: list, kwargs: dict) -> LoggingObj:
        if run.guarded or not all(_plain(value) for value in (*args, *kwargs.values())):
            raise Bail  # (an object of the program's kept by it, or a constructor that may raise under a handler)
        if not is_quiet(run, self):
            raise Bail
        init = self.cls.attrs.get("__init__")
        if init is None:
            _library_init(self.kind, args, kwargs)
        return LoggingObj(self.kind, self)


class LoggingObj(ModelledObject):
    """A formatter, filter or handler (of a logging class, or of a module class deriving from one)."""

    __slots__ = ("kind", "made", "formatter", "filters")

    def __init__(self, kind: str, made: LoggingClass | None) -> None:
        self.kind, self.made, self.formatter, self.filters = kind, made, None, []

    def attribute(self, run, name: str) -> object:
        if self.kind == "handler" and name in ("setFormatter", "setLevel", "addFilter"):
            return _Method(self, name)
        if self.kind == "handler" and name == "formatter" and self.made is None:
            return self.formatter
        raise Bail

    def parts(self) -> list:
        return [self, *([self.formatter] if self.formatter is not None else []), *self.filters]


class _Method(RunCallable):
    __slots__ = ("owner", "name")

    def __init__(self, owner, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 1 or kwargs:
            raise Bail
        value = args[0]
        if self.name == "setLevel":
            if not level(value):
                raise Bail
        elif self.name == "setFormatter":
            if type(value) is not LoggingObj or value.kind != "formatter":
                raise Bail
            self.owner.formatter = value
        elif self.name in ("addFilter", "addHandler", "removeHandler"):
            kind = "handler" if self.name != "addFilter" else "filter"
            if type(value) is not LoggingObj or value.kind != kind:
                raise Bail  # (a plain function as a filter: not modelled)
            held = self.owner.filters if kind == "filter" else self.owner.handlers
            if held is None:
                raise Bail
            if self.name == "removeHandler":
                if value in held:
                    held.remove(value)
            elif value not in held:
                held.append(value)
        return None


def level(value: object) -> bool:
    return type(value) is int or type(value) is str and value in logging.getLevelNamesMapping() or \
        type(value) is Lib and value.name.startswith("logging.") and value.name[8:] in logging.getLevelNamesMapping()


def _plain(value: object) -> bool:
    return plain_tree(value) and type(value) not in (list, dict, set) or level(value) or \
        type(value) is Lib and value.name in ("sys.stderr", "sys.stdout")


def _library_init(kind: str, args: list, kwargs: dict) -> None:
    """What the logging class's own `__init__` checks of the arguments."""
    if kind == "formatter":
        given = dict(zip(("fmt", "datefmt", "style", "validate"), args), **kwargs)
        if len(args) > 4 or set(given) - {"fmt", "datefmt", "style", "validate"} or \
                not all(value is None or type(value) is str for key, value in given.items() if key != "validate"):
            raise Bail
        try:
            logging.Formatter(**given)
        except (ValueError, TypeError, KeyError):
            raise Bail from None  # (the program raises: not modelled)
    elif kind == "filter":
        if len(args) + len(kwargs) > 1 or set(kwargs) - {"name"} or any(type(v) is not str for v in (*args, *kwargs.values())):
            raise Bail
    elif args or kwargs:
        raise Bail  # (a handler's level or stream given to a subclass: not modelled)


def make_logging_class(run, node: ast.ClassDef, env, base: Lib) -> LoggingClass:
    """`class JsonFormatter(logging.Formatter):` — the body run as a plain class's."""
    from codemods.analysis.script_classes import make_class

    if node.decorator_list or node.keywords or len(node.bases) != 1:
        raise Bail
    plain = ast.ClassDef(node.name, [], [], node.body, [], **({"type_params": []} if hasattr(node, "type_params") else {}))
    ast.copy_location(plain, node)
    cls = make_class(run, plain, env)
    if type(cls) is not UClass or cls.kind != "plain":
        raise Bail
    return LoggingClass(cls, BASES[base.name], env)


def library_object(run, name: str, args: list, kwargs: dict) -> LoggingObj:
    """`logging.Formatter(fmt)`, `logging.StreamHandler(sys.stderr)`, `logging.NullHandler()`."""
    if name == "logging.Formatter" or name == "logging.Filter":
        _library_init(BASES[name], args, kwargs)
        return LoggingObj(BASES[name], None)
    if name == "logging.StreamHandler":
        stream = args[0] if args else kwargs.get("stream")
        if len(args) + len(kwargs) > 1 or set(kwargs) - {"stream"} or not (
                stream is None or type(stream) is Lib and stream.name in ("sys.stderr", "sys.stdout")):
            raise Bail  # (a stream of the program's: what it writes to is read back)
        return LoggingObj("handler", None)
    if name == "logging.NullHandler" and not args and not kwargs:
        return LoggingObj("handler", None)
    raise Bail


_PER_PROCESS = frozenset({"created", "msecs", "relativeCreated", "thread", "threadName", "process", "processName",
                          "taskName"})


def make_record(run, args: list, kwargs: dict) -> object:
    """`logging.makeLogRecord({})`: a record's attributes (what a JSON formatter leaves out of its
    output, `set(vars(logging.makeLogRecord({})))`); times and thread or process ids unknown."""
    import types

    from codemods.analysis.script_values import Opaque

    if len(args) != 1 or kwargs or type(args[0]) is not dict or not plain_tree(args[0]) or not all(
            type(key) is str for key in args[0]):
        raise Bail
    made = vars(logging.makeLogRecord(dict(args[0])))
    return types.SimpleNamespace(**{key: Opaque() if key in _PER_PROCESS and key not in args[0] else value
                                    for key, value in made.items()})


def owned(run, name: str) -> bool:
    """A logger name of the program's own: no library adds handlers to it."""
    if not name or name == "root":
        return False
    top = name.split(".")[0]
    if top == "__main__":
        return True
    imported = run.__dict__.get("_imported_tops")
    if imported is None:
        imported = set()
        for node in ast.walk(run.tree):
            if type(node) is ast.Import:
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif type(node) is ast.ImportFrom and node.module and not node.level:
                imported.add(node.module.split(".")[0])
        run.__dict__["_imported_tops"] = imported
    if top in imported or top in _LIBRARY_LOGGERS:
        return False
    try:
        return importlib.util.find_spec(top) is None
    except (ImportError, ValueError):
        return False


def check_quiet(run, parts: list) -> None:
    """Every handler, formatter and filter a log call may run: logging's own, or quiet."""
    for part in parts:
        if type(part) is not LoggingObj:
            raise Bail
        for inner in part.parts():
            if inner.made is not None and not is_quiet(run, inner.made):
                raise Bail


def is_quiet(run, made: LoggingClass) -> bool:
    if made.quiet is None:
        made.quiet = _quiet(run, made)
    return made.quiet


def _quiet(run, made: LoggingClass) -> bool:
    module_values = list(run.module_env.vars.values())
    for name, value in made.cls.attrs.items():
        if type(value).__name__ == "UFunc":
            continue
        if not plain_tree(value) or type(value) in (list, dict, set) and any(value is held for held in module_values):
            return False  # (a class attribute that is a module object: a method could change it)
    owns = _owns_its_state(made.cls.node)
    for statement in made.cls.node.body:
        if type(statement) in (ast.FunctionDef,):
            if statement.decorator_list or not _quiet_method(run, made, statement, owns):
                return False
        elif type(statement) in (ast.AsyncFunctionDef, ast.ClassDef):
            return False
    return True


def _owns_its_state(node: ast.ClassDef) -> bool:
    """Every attribute its `__init__` stores on self is a fresh container, a constant or a
    parameter (a plain value, checked at the call): what the methods change of self is then the
    object's own, which nothing of the program reads (its objects are opaque)."""
    for statement in node.body:
        if type(statement) is ast.FunctionDef and statement.name == "__init__":
            params = {a.arg for a in (*statement.args.posonlyargs, *statement.args.args, *statement.args.kwonlyargs)}
            for inner in ast.walk(statement):
                if type(inner) in (ast.Assign, ast.AnnAssign) and any(
                        type(t) is ast.Attribute for t in (inner.targets if type(inner) is ast.Assign else [inner.target])):
                    value = inner.value
                    if not (_fresh(value) or type(value) is ast.Name and value.id in params):
                        return False
    return True


def _quiet_method(run, made: LoggingClass, node: ast.FunctionDef, owns: bool = False) -> bool:
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)]
    params += [a.arg for a in (node.args.vararg, node.args.kwarg) if a is not None]
    me = params[0] if params else None
    record = params[1] if len(params) > 1 and node.name != "__init__" else None
    init = node.name == "__init__"
    assigned: dict[str, list] = {}
    for inner in ast.walk(node):
        if type(inner) in (ast.Assign, ast.AnnAssign, ast.AugAssign):
            for target in (inner.targets if type(inner) is ast.Assign else [inner.target]):
                for name in ast.walk(target):
                    if type(name) is ast.Name and type(name.ctx) is ast.Store:
                        assigned.setdefault(name.id, []).append(inner.value)
        elif type(inner) in (ast.For, ast.comprehension, ast.withitem, ast.NamedExpr):
            target = inner.target if type(inner) is not ast.withitem else inner.optional_vars
            for name in ast.walk(target) if target is not None else ():
                if type(name) is ast.Name:
                    assigned.setdefault(name.id, []).append(None)
    local = set(assigned) | set(params)
    fresh = {name for name, values in assigned.items() if name not in params and all(_fresh(v) for v in values)}

    def root(expr: ast.expr) -> ast.expr:
        while type(expr) in (ast.Attribute, ast.Subscript):
            expr = expr.value
        return expr

    for inner in ast.walk(node):
        kind = type(inner)
        if kind in (ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom, ast.ClassDef, ast.Yield, ast.YieldFrom,
                    ast.Await, ast.With, ast.AsyncWith, ast.Raise, ast.Try, ast.Assert) \
                or kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda) and inner is not node:
            return False
        if kind is ast.Delete and not all(type(t) is ast.Name for t in inner.targets):
            return False
        if kind in (ast.Assign, ast.AnnAssign, ast.AugAssign):
            for target in (inner.targets if kind is ast.Assign else [inner.target]):
                for part in (target.elts if type(target) in (ast.Tuple, ast.List) else [target]):
                    if type(part) is ast.Name:
                        continue
                    base = root(part)
                    if type(base) is not ast.Name:
                        return False
                    if base.id in fresh or owns and base.id == me or init and base.id == me and type(part) is ast.Attribute \
                            and type(part.value) is ast.Name or record is not None and base.id == record \
                            and type(part) is ast.Attribute and type(part.value) is ast.Name:
                        continue
                    return False
        if kind is ast.Call:
            if owns and type(inner.func) is ast.Attribute and type(base := root(inner.func)) is ast.Name \
                    and base.id == me:
                continue  # (its own methods, or its own state changed)
            if not _quiet_call(run, made, inner, me, record, local, fresh, root):
                return False
    return True


def _quiet_call(run, made, call: ast.Call, me, record, local: set, fresh: set, root) -> bool:
    func = call.func
    if any(k.arg == "file" for k in call.keywords):
        return False
    if type(func) is ast.Name:
        if func.id in local:
            return False
        if func.id == "super":
            return not call.args and not call.keywords
        try:
            value = run.module_env.vars[func.id] if func.id in run.module_env.vars else run.global_value(func.id)
        except Bail:
            return False
        name = getattr(value, "name", "")
        return name.startswith("builtins.") and name[9:] in _PURE_BUILTINS or value in (dict, list, set, tuple, frozenset,
                                                                                     str, int, float, bool) \
            or type(value) is Lib and value.name.startswith(_PURE_LIBRARY) or _pure_builtin(value)
    if type(func) is not ast.Attribute:
        return False
    base = root(func)
    if type(func.value) is ast.Call and type(func.value.func) is ast.Name and func.value.func.id == "super":
        return True  # (the logging class's own method)
    if type(base) is ast.Name and base.id == me and type(func.value) is ast.Name:
        return True  # (its own methods, all checked, or the logging class's)
    if type(base) is ast.Name and base.id in fresh:
        return True
    if type(base) is ast.Name and base.id not in local:
        try:
            value = run.eval(func, made.env) if type(func.value) is ast.Name else None
        except Bail:
            value = None
        if type(value) is Lib and value.name.startswith(_PURE_LIBRARY):
            return True
    return func.attr in _READING


def _pure_builtin(value: object) -> bool:
    import builtins

    return any(value is getattr(builtins, name) for name in _PURE_BUILTINS)


def _fresh(value: ast.expr | None) -> bool:
    """A value the function makes itself (not an object of the program's)."""
    if value is None:
        return False
    if type(value) in (ast.Dict, ast.List, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp, ast.JoinedStr, ast.Constant):
        return True
    return type(value) is ast.Call and type(value.func) is ast.Name and value.func.id in _FRESH_CALLS
