"""`logging.getLogger(__name__)` and its loggers in a script run (script_run.py; issue 13).

A training script opens with a module logger and reports its layout through it; a run that
stopped at the logger would miss every bug after it. A log call returns None and raises nothing
the program sees: a message that fails to format is reported by the handler's `handleError` (a
traceback on stderr), not raised. What can raise, or run code of the program, is not modelled and
stops the run: `extra=` (a key clashing with a LogRecord attribute raises KeyError when the record
is made), a logger's handlers and filters (user code called at each log call), `log` with a level
that is not an int, arguments whose formatting would call the program's own `__str__`/`__repr__`.
Whether a level is enabled depends on the configuration the process was started with: unknown;
`isEnabledFor(logging.DEBUG)` is still a Python bool, True or False: a choice (unknown_truths.py).
"""
from __future__ import annotations

import logging

from codemods.analysis import logging_setup
from codemods.analysis.logging_config import dict_config
from codemods.analysis.host_exprs import plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Arr, Lib, MeshObj, Opaque, RunCallable, ShardObj, SpecObj
from codemods.analysis.unknown_truths import unknown_bool

_LEVELS = ("debug", "info", "warning", "warn", "error", "critical", "exception", "fatal")
_PRINTED = (Arr, MeshObj, Opaque, ShardObj, SpecObj)  # (library objects: their repr runs no program code)
_KEYWORDS = frozenset({"exc_info", "stack_info", "stacklevel"})
_RESERVED = frozenset(logging.LogRecord("n", 0, "p", 0, "m", (), None).__dict__) | {"message", "asctime"}


class LoggerObj(ModelledObject):
    __slots__ = ("extra", "name", "handlers", "filters", "propagate")

    def __init__(self, name: str, extra: dict | None = None, handlers: list | None = None) -> None:
        self.name, self.extra = name, extra
        self.handlers = handlers  # (its own handlers when known: a logger of the program's own; logging_setup.py)
        self.filters: list = []
        self.propagate = True

    def attribute(self, run, name: str) -> object:
        if name in _LEVELS or name in ("log", "setLevel", "isEnabledFor", "getEffectiveLevel"):
            return LogMethod(self, name)
        if name == "name" and self.extra is None:
            return self.name
        if self.extra is None and name in ("addHandler", "removeHandler", "addFilter"):
            if self.name == "root" and name != "addFilter":  # (the library's handlers stay; the program's are known)
                return logging_setup._Method(_RootHandlers(run), name)
            return logging_setup._Method(self, name)
        if self.extra is None and name in ("hasHandlers", "getChild"):
            return LogMethod(self, name)
        if self.extra is None and name == "handlers" and self.handlers is not None:
            return self.handlers
        if self.extra is None and name == "propagate":
            return self.propagate
        raise Bail

    def set_attribute(self, run, name: str, value: object) -> None:
        if self.extra is not None or name != "propagate" or type(value) is not bool:
            raise Bail
        self.propagate = value

    def has_handlers(self, run) -> bool:
        """`logger.hasHandlers()`: its own, then its parents' while they propagate; the root's may
        be a library's (unknown) unless the program gave it some."""
        loggers, logger, parts = run.__dict__.get("_loggers", {}), self, self.name.split(".")
        while True:
            if logger is not None and logger.handlers:
                return True
            if logger is not None and not logger.propagate:
                return False
            if logger is not None and logger.handlers is None and logger.name != "root":
                raise Bail
            parts = parts[:-1]
            if not parts or logger is not None and logger.name == "root":
                break
            logger = loggers.get(".".join(parts))
        if run.__dict__.get("_root_handlers"):
            return True
        raise Bail  # (the root's: whatever the libraries and the process set up)

    def reached(self, run) -> list:
        """The handlers and filters a record of this logger may meet: its own and its parents'
        (the root's that the program added; a library's run only library code)."""
        if self.handlers is None and self.name != "root":
            raise Bail
        found = [*self.filters, *(self.handlers or ())]
        parts = self.name.split(".") if self.name != "root" else []
        loggers = run.__dict__.get("_loggers", {})
        for end in range(len(parts) - 1, 0, -1):
            parent = loggers.get(".".join(parts[:end]))
            if parent is not None:
                found += parent.handlers or []
        return found + run.__dict__.get("_root_handlers", [])


class LogMethod(RunCallable):
    __slots__ = ("logger", "name")

    def __init__(self, logger: LoggerObj, name: str) -> None:
        self.logger, self.name = logger, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if self.name == "hasHandlers":
            if args or kwargs:
                raise Bail
            return self.logger.has_handlers(run)
        if self.name == "getChild":
            if len(args) != 1 or kwargs or type(args[0]) is not str:
                raise Bail
            # (the logger of the dotted name; the root's child is the suffix's own logger)
            return _get_logger(run, [args[0] if self.logger.name == "root" else f"{self.logger.name}.{args[0]}"], {})
        if self.name in ("isEnabledFor", "getEffectiveLevel"):
            if len(args) != (self.name == "isEnabledFor") or kwargs:
                raise Bail
            if self.name == "isEnabledFor" and (type(args[0]) is int or _named_level(args[0])):
                # (a Python bool whatever the configuration, raising nothing for an int level: which
                # one is a choice, each call its own, unknown_truths.py; a str level raises TypeError)
                return unknown_bool(run)
            return Opaque()  # (the process's logging configuration)
        if self.name == "setLevel":
            if len(args) != 1 or kwargs or not _level(args[0]):
                raise Bail
            return None
        if self.name == "log":
            if not args or type(args[0]) is not int and not _named_level(args[0]):
                raise Bail
            args = args[1:]
        extra = kwargs.pop("extra", None) if "extra" in kwargs else None
        if not args or not set(kwargs) <= _KEYWORDS or not all(_printable(value) for value in (*args, *kwargs.values())):
            raise Bail
        if extra is not None and (type(extra) is not dict or not all(type(k) is str and k not in _RESERVED and _printable(v)
                                                                    for k, v in extra.items())):
            raise Bail  # (a key clashing with the record's raises KeyError where the level is enabled)
        if self.logger.extra is None:
            logging_setup.check_quiet(run, self.logger.reached(run))  # (the code it may run: logging_setup.py)
        return None


class _RootHandlers:
    """The root logger's handlers the program added (its others are a library's)."""

    __slots__ = ("handlers", "filters")

    def __init__(self, run) -> None:
        self.handlers, self.filters = run.__dict__.setdefault("_root_handlers", []), None


def _level(value: object) -> bool:
    return type(value) is int or type(value) is str and value in logging.getLevelNamesMapping() or _named_level(value)


def _named_level(value: object) -> bool:
    """`logging.INFO` as the run holds it (a library name)."""
    return type(value) is Lib and value.name.startswith("logging.") and value.name[8:] in logging.getLevelNamesMapping()


def _printable(value: object, depth: int = 0) -> bool:
    """Formatting it runs no code of the program's: plain data, a library object, or an object of
    a module class with no `__repr__`/`__str__`/`__format__` of its own (a dataclass's generated
    repr shows its fields, so theirs count too)."""
    from codemods.analysis.script_values import UFunc, UObj

    if plain_tree(value) or type(value) in _PRINTED:
        return True
    if isinstance(value, BaseException) and "_sf_candidates" in type(value).__dict__:
        return True  # (a library's error raised in a run made again, handed_errors.py: its text is the library's)
    if depth > 6:
        return False
    if type(value) in (list, tuple):
        return all(_printable(item, depth + 1) for item in value)
    if type(value) is dict:
        return all(plain_tree(key) and _printable(item, depth + 1) for key, item in value.items())
    if type(value) is UObj and value.data is None and value.cls.meta is None:
        if any(value.cls.lookup(name) is not None and type(value.cls.lookup(name)[1]) is UFunc
               or value.cls.lookup(name) is not None and value.cls.kind != "dataclass"
               for name in ("__repr__", "__str__", "__format__")):
            return False
        return value.cls.kind != "dataclass" or all(_printable(item, depth + 1) for item in value.attrs.values())
    return False


def _get_logger(run, args: list, kwargs: dict) -> LoggerObj:
    name = args[0] if len(args) == 1 else kwargs.get("name") if not args else 0
    if len(args) + len(kwargs) > 1 or set(kwargs) - {"name"} or name is not None and type(name) is not str:
        raise Bail
    loggers = run.__dict__.setdefault("_loggers", {})
    name = name or "root"
    if name not in loggers:  # (one logger per name)
        loggers[name] = LoggerObj(name, None, [] if logging_setup.owned(run, name) else None)
    return loggers[name]


def _adapter(run, args: list, kwargs: dict) -> LoggerObj:
    given = dict(zip(("logger", "extra"), args), **kwargs)
    logger, extra = given.get("logger"), given.get("extra")
    if len(args) > 2 or set(given) - {"logger", "extra"} or type(logger) is not LoggerObj or logger.extra is not None \
            or extra is not None and (type(extra) is not dict or not plain_tree(extra) or set(extra) & _RESERVED):
        raise Bail  # (an adapter's extra keys go into every record: a reserved one raises KeyError)
    return LoggerObj(logger.name, extra or {})


def _basic_config(run, args: list, kwargs: dict) -> None:
    handlers = kwargs.pop("handlers", None)
    if handlers is not None:
        if type(handlers) not in (list, tuple) or not all(type(h) is logging_setup.LoggingObj and h.kind == "handler"
                                                          for h in handlers) or type(kwargs.pop("force", False)) is not bool:
            raise Bail
        # (without force=True they are added only where the root had none: taken as added, so the
        # code they may run is checked either way)
        run.__dict__.setdefault("_root_handlers", []).extend(handlers)
    if args or not set(kwargs) <= {"level", "format", "datefmt"} or "level" in kwargs and not _level(kwargs["level"]) \
            or any(type(kwargs.get(k, "")) is not str for k in ("format", "datefmt")):
        raise Bail  # (handlers, streams and files: what they would run or open is not modelled)
    if "format" in kwargs:
        try:
            logging.Formatter(kwargs["format"], kwargs.get("datefmt"))
        except ValueError:
            raise Bail from None  # (basicConfig raises: rare enough to leave unknown)
    return None


LIBRARY = {**{name: (lambda name: lambda run, args, kwargs: logging_setup.library_object(run, name, args, kwargs))(name)
              for name in ("logging.Formatter", "logging.Filter", "logging.StreamHandler", "logging.NullHandler")},
           "logging.getLogger": _get_logger, "logging.makeLogRecord": logging_setup.make_record,
           "logging.config.dictConfig": lambda run, args, kwargs: dict_config(run, args, kwargs), "logging.LoggerAdapter": _adapter, "logging.basicConfig": _basic_config}
