"""Environment variables in a script run (script_run.py; issue 13).

A script run stands for `python prog.py` with no command-line arguments (argparse defaults);
it reads the environment the same way: a variable the program itself did not set is unset, so
`os.environ.get("AXIS", "data")` and `os.getenv("AXIS", "data")` give their defaults, a
settings class falls back to its class defaults, and `"AXIS" in os.environ` is False. Reading an
unset variable by `os.environ["AXIS"]` raises KeyError in the program: the run stops there.
What the program stores (`os.environ["XLA_FLAGS"] = ...`, `setdefault`) is read back.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Lib

CALLS = frozenset({"os.environ.get", "os.getenv", "os.environ.setdefault"})


def is_environ(value: object) -> bool:
    return type(value) is Lib and value.name == "os.environ"


def variables(run) -> dict:
    """What the program has stored in its environment so far (nothing else is set)."""
    return run.__dict__.setdefault("_environment", {})


def call(run, name: str, args: list, kwargs: dict) -> object:
    stored = variables(run)
    if name in ("os.environ.get", "os.getenv"):
        values = [*args, *(kwargs.values())]
        if not 1 <= len(args) <= 2 or set(kwargs) - {"default"} or len(values) > 2 or not isinstance(args[0], str):
            raise Bail
        default = values[1] if len(values) == 2 else None
        return stored.get(args[0], default)
    if name == "os.environ.setdefault":
        if len(args) != 2 or kwargs or not all(type(arg) is str for arg in args):
            raise Bail
        return stored.setdefault(args[0], args[1])
    raise Bail  # (the whole environment, `os.environ.copy()`, `items()`: not known)


def item(run, key: object) -> str:
    if type(key) is not str or key not in variables(run):
        raise Bail  # (KeyError: the program stops)
    return variables(run)[key]


def contains(run, key: object) -> bool:
    if type(key) is not str:
        raise Bail
    return key in variables(run)


def store(run, key: object, value: object) -> None:
    if type(key) is not str or type(value) is not str:
        raise Bail  # (os.environ takes str only: the program raises)
    variables(run)[key] = value
