"""`configparser.ConfigParser` in a script run (script_run.py; issue 13).

Launchers keep their mesh in an INI text (`[mesh] axes = data, model`) read with
`ConfigParser().read_string(INI)` and look it up by `cfg.get("mesh", "axes")`,
`cfg["mesh"]["axes"]` or `getint`. A parser given its text by the program (`read_string`,
`read_dict`, `set`) reads no file and runs no code of the program, so the run holds CPython's own
parser (with its default interpolation and converters) and lets it answer: sections and options,
`get`/`getint`/`getfloat`/`getboolean` with `fallback=`, item access on the parser and on a
section, `in`, walking them (as CPython walks them). A parser asked to read files (`read`,
`read_file`), given a custom interpolation, converters or option transform, or handed a value
that is not plain, stops the run (Bail).
"""
from __future__ import annotations

import configparser

from codemods.analysis.host_exprs import guard, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import RealContainer
from codemods.analysis.script_values import RunCallable

_PARSER_KEYWORDS = frozenset({"allow_no_value", "delimiters", "comment_prefixes", "inline_comment_prefixes", "strict",
                              "empty_lines_in_values", "default_section", "interpolation"})
_READS = frozenset({"get", "getint", "getfloat", "getboolean"})
_VIEWS = frozenset({"items", "keys", "values"})
_PARSER_METHODS = _READS | {"read_string", "read_dict", "sections", "has_section", "has_option", "options", "items",
                            "defaults", "set", "add_section", "remove_section", "remove_option"}


def _plain(args: list, kwargs: dict) -> None:
    if not all(plain_tree(value) for value in (*args, *kwargs.values())):
        raise Bail


class ConfigObj(RealContainer):
    __slots__ = ()
    walked_live = True


    def attribute(self, run, name: str) -> object:
        if name in _PARSER_METHODS:
            return ConfigMethod(self, name)
        raise Bail  # (`read` of files, `optionxform`, ...)

    def call(self, name: str, args: list, kwargs: dict) -> object:
        _plain(args, kwargs)
        if name == "items" and not args:
            raise Bail  # (a view of section proxies)
        if name in _READS and not set(kwargs) <= {"raw", "fallback"}:
            raise Bail  # (`vars=`: a mapping read first)
        return guard(getattr(self.real, name), *args, **kwargs)

    def items(self, run) -> list:
        return list(self.real)

    def item(self, run, key: object) -> object:
        if type(key) is not str:
            raise Bail
        return SectionObj(guard(self.real.__getitem__, key))

    def store(self, run, key: object, value: object) -> None:
        if type(key) is not str or type(value) is not dict or not plain_tree(value):
            raise Bail
        guard(self.real.__setitem__, key, value)

    def contains(self, run, key: object) -> bool:
        if type(key) is not str:
            raise Bail
        return key in self.real


class SectionObj(RealContainer):
    """`parser["mesh"]`: CPython's section proxy. A mapping to `dict(section)` and `{**section}`,
    which read its keys (the DEFAULT section's too) and each value as interpolated by `section[key]`."""

    __slots__ = ()
    walked_live = True

    def keys(self):
        return self.real.keys()

    def __getitem__(self, key: str) -> str:
        return self.real[key]


    def attribute(self, run, name: str) -> object:
        if name == "name":
            return self.real.name
        if name in _READS:
            return ConfigMethod(self, name)
        if name in _VIEWS:
            return ConfigMethod(self, name)
        raise Bail

    def call(self, name: str, args: list, kwargs: dict) -> object:
        _plain(args, kwargs)
        if name in _VIEWS:
            if args or kwargs:
                raise Bail
            return SectionView(getattr(self.real, name)())
        if not set(kwargs) <= {"raw", "fallback"}:
            raise Bail
        return guard(getattr(self.real, name), *args, **kwargs)

    def items(self, run) -> list:
        return list(self.real)

    def item(self, run, key: object) -> object:
        if type(key) is not str:
            raise Bail
        return guard(self.real.__getitem__, key)

    def store(self, run, key: object, value: object) -> None:
        if type(key) is not str or type(value) is not str:
            raise Bail  # (TypeError for a value that is not a str: not modelled)
        guard(self.real.__setitem__, key, value)

    def contains(self, run, key: object) -> bool:
        if type(key) is not str:
            raise Bail
        return key in self.real


class SectionView(RealContainer):
    """`section.items()`, `.keys()`, `.values()`: CPython's view of the section proxy, which reads the
    section again on each walk (a value interpolated when it is handed out); never indexed."""

    __slots__ = ()
    walked_live = True

    def attribute(self, run, name: str) -> object:
        raise Bail

    def items(self, run) -> list:
        return list(self.real)

    def item(self, run, key: object) -> object:
        raise Bail  # (TypeError: a view is not subscriptable; not modelled)

    def store(self, run, key: object, value: object) -> None:
        raise Bail

    def contains(self, run, key: object) -> bool:
        if not plain_tree(key):
            raise Bail
        return guard(self.real.__contains__, key)


class ConfigMethod(RunCallable):
    __slots__ = ("name", "owner")

    def __init__(self, owner, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        return self.owner.call(self.name, args, kwargs)


def _parser(raw: bool):
    def make(run, args: list, kwargs: dict) -> ConfigObj:
        if args or not set(kwargs) <= _PARSER_KEYWORDS:
            raise Bail
        if "interpolation" in kwargs and kwargs["interpolation"] is not None:
            raise Bail  # (an interpolation object: its own code)
        _plain([], {key: value for key, value in kwargs.items() if key != "interpolation"})
        return ConfigObj(guard(configparser.RawConfigParser if raw else configparser.ConfigParser, **kwargs))
    return make


LIBRARY = {"configparser.ConfigParser": _parser(False), "configparser.RawConfigParser": _parser(True)}
