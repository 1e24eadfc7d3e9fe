"""`configparser.ConfigParser` in a script run (script_run.py; issue 13).

Launchers keep their mesh in an INI text (`[mesh] axes = data, model`) read with
`ConfigParser().read_string(INI)` and look it up by `cfg.get("mesh", "axes")`,
`cfg["mesh"]["axes"]` or `getint`. A parser given its text by the program (`read_string`,
`read_dict`, `set`) reads no file and runs no code of the program, so the run holds CPython's own
parser (with its default interpolation and converters) and lets it answer: sections and options,
`get`/`getint`/`getfloat`/`getboolean` with `fallback=` and `vars=` (a plain dict), item access
on the parser and on a section, `in`, walking them (as CPython walks them); `defaults=`, the
stdlib's interpolations and `parser.optionxform = str` (option names kept as written).

A driver writes its default run file into a `tempfile.TemporaryDirectory` and reads it back with
`parser.read(path)`: a file in a directory the run made holds exactly what the run wrote there
(temp_files.py), so `read` of such paths (one, or a list) parses the text the run wrote, decoded
as `open(path, encoding=...)` decodes it (text_encodings.py), and skips a name missing from a
directory that is still there, as CPython skips a file it cannot open; it returns the names read
(str paths whose text is unknown); `read_file` reads the lines of such a file's handle, of a
`io.StringIO` of the run or of a list, and `write` writes CPython's text to either. A path
anywhere else (a file there may hold anything), a file still being written, one a parse error
stops (the message names the file), an interpolation, converters or option transform of the
program's, or a value that is not plain, stops the run (Bail).
"""
from __future__ import annotations

import configparser
import io

from codemods.analysis.host_exprs import guard, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject, RealContainer
from codemods.analysis import unknown_json
from codemods.analysis.argument_binding import bind
from codemods.analysis.script_values import RunCallable, TempPath
from codemods.analysis.temp_files import files, is_dir, is_temp, key, writing
from codemods.analysis.temp_texts import FileHandle, write
from codemods.analysis.temp_texts import lines as file_lines
from codemods.analysis.text_encodings import codec, decoded
from codemods.analysis.text_streams import StreamObj

_PARSER_KEYWORDS = frozenset({"allow_no_value", "delimiters", "comment_prefixes", "inline_comment_prefixes", "strict",
                              "empty_lines_in_values", "default_section", "interpolation", "defaults"})
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
        if name in ("read", "read_file", "write"):
            return {"read": ConfigRead, "read_file": ConfigReadFile, "write": ConfigWrite}[name](self)
        raise Bail  # (`optionxform`, ...)

    def call(self, name: str, args: list, kwargs: dict) -> object:
        _plain(args, kwargs)
        if name == "items" and not args:
            raise Bail  # (a view of section proxies)
        if name in _READS and not set(kwargs) <= {"raw", "fallback", "vars"} \
                or type(kwargs.get("vars", {})) is not dict:
            raise Bail  # (`vars=` of a mapping of the program's: its own lookups)
        return guard(getattr(self.real, name), *args, **kwargs)

    def set_attribute(self, run, name: str, value: object) -> None:
        """`parser.optionxform = str`: option names kept as written (CPython's parser does the rest)."""
        if name != "optionxform" or value is not str:
            raise Bail  # (a function of the program's, or another attribute: not followed)
        self.real.optionxform = str

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


class ConfigRead(RunCallable):
    """`parser.read(filenames, encoding=None)` of files in the run's own temporary directories."""

    __slots__ = ("owner",)

    def __init__(self, owner: ConfigObj) -> None:
        self.owner = owner

    def __call__(self, run, args: list, kwargs: dict) -> list:
        given = bind(("filenames", "encoding"), args, kwargs)
        if given is None or "filenames" not in given:
            raise Bail
        named = given["filenames"]
        if type(named) not in (list, tuple):
            named = [named]
        if not named or not all(is_temp(path) for path in named):
            raise Bail  # (a file elsewhere may hold anything; bytes paths, generators: not followed)
        codec_name, read_ok = codec(given.get("encoding")), []
        for path in named:
            found = files(run).get(key(path))
            if found is None and key(path) not in files(run) and is_dir(run, (path.root, path.parts[:-1])) \
                    and path.parts:
                continue  # (FileNotFoundError, which `read` passes over)
            if type(found) is not bytes or writing(run, key(path)):
                raise Bail  # (a directory, a NumPy file, a file still being written, a removed directory)
            text = decoded(found, codec_name, None)
            if unknown_json.MARK in text:
                raise Bail  # (a dumped record's text: not spelled, unknown_json.py)
            try:
                self.owner.real.read_string(text)
            except Exception:  # noqa: BLE001 - its message names the file, whose text is unknown
                raise Bail from None
            read_ok.append(TempPath(path.root, path.parts))
        return read_ok


class ConfigReadFile(RunCallable):
    """`parser.read_file(f, source=None)` of a handle reading a file the run wrote, a `io.StringIO`
    of the run, or a list of strs: their lines from where they are, as CPython walks them."""

    __slots__ = ("owner",)

    def __init__(self, owner: ConfigObj) -> None:
        self.owner = owner

    def __call__(self, run, args: list, kwargs: dict) -> None:
        given = bind(("f", "source"), args, kwargs)
        if given is None or "f" not in given or type(given.get("source")) not in (str, type(None)):
            raise Bail
        stream = given["f"]
        if type(stream) is FileHandle:
            text_lines = file_lines(run, stream)
        elif type(stream) is StreamObj and not stream.walked:
            text_lines = guard(stream.real.readlines)
        elif type(stream) in (list, tuple):
            text_lines = list(stream)
        else:
            raise Bail  # (an object of the program's: its iteration is its own)
        if not all(type(line) is str for line in text_lines):
            raise Bail  # (a dumped record's line, text_streams.py: not spelled)
        try:
            self.owner.real.read_file(iter(text_lines), source=given.get("source") or "<run>")
        except Exception:  # noqa: BLE001 - its message names the source, which the run may not spell
            raise Bail from None


class ConfigWrite(RunCallable):
    """`parser.write(fp, space_around_delimiters=True)` to a handle writing a file in the run's own
    temporary directory or to a `io.StringIO` of the run: CPython's text of the parser."""

    __slots__ = ("owner",)

    def __init__(self, owner: ConfigObj) -> None:
        self.owner = owner

    def __call__(self, run, args: list, kwargs: dict) -> None:
        given = bind(("fp", "space_around_delimiters"), args, kwargs)
        if given is None or "fp" not in given or type(given.get("space_around_delimiters", True)) is not bool:
            raise Bail
        text = io.StringIO()
        guard(self.owner.real.write, text, given.get("space_around_delimiters", True))
        stream = given["fp"]
        if type(stream) is FileHandle:
            write(stream, text.getvalue())
        elif type(stream) is StreamObj and not stream.walked:
            guard(stream.real.write, text.getvalue())
        else:
            raise Bail  # (an object of the program's: its `write` may keep what it is given)
        return None


class Interpolation(ModelledObject):
    """`configparser.BasicInterpolation()` / `ExtendedInterpolation()`: the stdlib's own rules of
    `%(name)s` and `${section:name}`, handed to a parser (which makes CPython's own)."""

    __slots__ = ("kind",)

    def __init__(self, kind: type) -> None:
        self.kind = kind

    def attribute(self, run, name: str) -> object:
        raise Bail  # (its hooks are called by the parser only)


def _interpolation(kind: type):
    def make(run, args: list, kwargs: dict) -> Interpolation:
        if args or kwargs:
            raise Bail
        return Interpolation(kind)
    return make


def _parser(raw: bool):
    def make(run, args: list, kwargs: dict) -> ConfigObj:
        if args or not set(kwargs) <= _PARSER_KEYWORDS:
            raise Bail
        chosen = kwargs.get("interpolation")
        if chosen is not None and type(chosen) is not Interpolation:
            raise Bail  # (an interpolation object of the program's: its own code)
        _plain([], {key: value for key, value in kwargs.items() if key != "interpolation"})
        if chosen is not None:
            kwargs = {**kwargs, "interpolation": chosen.kind()}
        return ConfigObj(guard(configparser.RawConfigParser if raw else configparser.ConfigParser, **kwargs))
    return make


LIBRARY = {"configparser.ConfigParser": _parser(False), "configparser.RawConfigParser": _parser(True),
           "configparser.BasicInterpolation": _interpolation(configparser.BasicInterpolation),
           "configparser.ExtendedInterpolation": _interpolation(configparser.ExtendedInterpolation)}
