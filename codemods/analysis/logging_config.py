"""`logging.config.dictConfig(LOGGING)` in a script run (logging_setup.py; issue 13).

Services describe their logging as a dict: formatters (a format, or `"()": JsonFormatter`),
handlers (`logging.StreamHandler` on `ext://sys.stderr`, each naming its formatter), loggers with
their handlers, level and propagate, and the root's. What `dictConfig` does with it (CPython 3.11):
each formatter and handler is made in turn, then each named logger loses its handlers and gets
the configured ones, as does the root. The run makes the same objects (logging_setup.py) and
gives them to its loggers; anything else the dict may say (filters, incremental configuration,
other handler classes, a stream of the program's, a logger a library owns) stops the run (Bail),
as does a dict dictConfig would reject.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.logging_setup import LoggingClass, LoggingObj, level, library_object, owned
from codemods.analysis.script_values import Lib

_TOP = frozenset({"version", "formatters", "handlers", "loggers", "root", "disable_existing_loggers"})
_HANDLERS = {"logging.StreamHandler", "logging.NullHandler"}
_STREAMS = {"ext://sys.stderr": Lib("sys.stderr"), "ext://sys.stdout": Lib("sys.stdout")}


def dict_config(run, args: list, kwargs: dict) -> None:
    from codemods.analysis.script_logging import _get_logger

    if len(args) != 1 or kwargs or type(args[0]) is not dict or set(args[0]) - _TOP or args[0].get("version") != 1 \
            or type(args[0].get("disable_existing_loggers", True)) is not bool:
        raise Bail
    config = args[0]
    formatters = {name: _formatter(run, spec) for name, spec in _table(config, "formatters").items()}
    handlers = {name: _handler(run, spec, formatters) for name, spec in _table(config, "handlers").items()}
    for name, spec in _table(config, "loggers").items():
        if type(name) is not str or not owned(run, name):
            raise Bail  # (a library's logger: its handlers before are not known)
        logger = _get_logger(run, [name], {})
        chosen = _logger_handlers(spec, handlers, {"handlers", "level", "propagate"})
        if "propagate" in spec:
            if type(spec["propagate"]) is not bool:
                raise Bail
            logger.propagate = spec["propagate"]
        logger.handlers[:] = chosen
    if "root" in config:
        run.__dict__["_root_handlers"] = _logger_handlers(config["root"], handlers, {"handlers", "level"})
    return None


def _table(config: dict, key: str) -> dict:
    table = config.get(key, {})
    if type(table) is not dict or not all(type(name) is str and type(spec) is dict for name, spec in table.items()):
        raise Bail
    return table


def _formatter(run, spec: dict) -> LoggingObj:
    if "()" in spec:
        factory = spec["()"]
        rest = {key: value for key, value in spec.items() if key not in ("()", ".")}
        if type(factory) is not LoggingClass or factory.kind != "formatter" or "." in spec \
                or not all(plain_tree(value) for value in rest.values()):
            raise Bail
        return factory(run, [], rest)
    given = {("fmt" if key == "format" else key): value for key, value in spec.items()}
    if set(given) - {"fmt", "datefmt", "style", "validate", "class"} or given.pop("class", "logging.Formatter") \
            != "logging.Formatter":
        raise Bail
    return library_object(run, "logging.Formatter", [], given)


def _handler(run, spec: dict, formatters: dict) -> LoggingObj:
    if set(spec) - {"class", "formatter", "stream", "level"} or spec.get("class") not in _HANDLERS \
            or "level" in spec and not level(spec["level"]):
        raise Bail
    if spec["class"] == "logging.NullHandler":
        if "stream" in spec:
            raise Bail
        made = library_object(run, spec["class"], [], {})
    else:
        stream = spec.get("stream", "ext://sys.stderr")
        if stream not in _STREAMS:
            raise Bail
        made = library_object(run, spec["class"], [_STREAMS[stream]], {})
    if "formatter" in spec:
        if spec["formatter"] not in formatters:
            raise Bail  # (ValueError: unknown formatter)
        made.formatter = formatters[spec["formatter"]]
    return made


def _logger_handlers(spec: dict, handlers: dict, keys: set) -> list:
    if type(spec) is not dict or set(spec) - keys or "level" in spec and not level(spec["level"]):
        raise Bail
    names = spec.get("handlers", [])
    if type(names) not in (list, tuple) or not all(type(name) is str and name in handlers for name in names):
        raise Bail
    return [handlers[name] for name in names]


LIBRARY = {"logging.config.dictConfig": dict_config}
