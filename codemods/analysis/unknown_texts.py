"""Unknown values the run knows to be str (script_run.py; issue 13).

A launcher names its files from values it cannot know ahead: `os.path.join(tempfile.gettempdir(),
f"trace_{os.getpid()}.txt")` (the temporary directory TMPDIR names, the process id). The text is
unknown, but it is a str: an f-string always gives one, `tempfile.gettempdir()` returns one, and
`os.path.join` of strs only joins them (posixpath.join raises on nothing but a non-str part).
The run notes such Opaques as strs (unknown_kinds.py, the record that holds unknown_numbers.py's
numbers too), so a path built from them is again an unknown str, kept for later: any use of its
text (opening it, comparing it, a method) still stops the run, as it does for any Opaque.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Opaque
from codemods.analysis.unknown_kinds import STR, kind, typed


def text(run, made: Opaque | None = None) -> Opaque:
    """`made` (or a new Opaque) noted as a str whose text the run does not know."""
    return typed(run, STR, made)


def is_text(run, value: object) -> bool:
    return type(value) is str or kind(run, value) == STR


def joined(run, args: list, kwargs: dict) -> object:
    """`os.path.join(a, *parts)` of strs some of which are unknown: an unknown str; NotImplemented
    when every part is a plain str (the real call) or any is not certainly a str."""
    if kwargs or not args or all(type(arg) is str for arg in args) or not all(is_text(run, arg) for arg in args):
        return NotImplemented
    return text(run)


def joined_items(run, sep: str, args: list, kwargs: dict) -> object:
    """`sep.join(parts)` of a list or tuple of strs some of which are unknown (`", ".join(
    f"{k}={v}" for k, v in raw.items())` of config values the run does not print exactly): an
    unknown str (str.join raises only on a part that is not a str); NotImplemented otherwise."""
    parts = args[0] if len(args) == 1 and not kwargs else None
    if type(sep) is not str or type(parts) not in (list, tuple) or all(type(part) is str for part in parts) \
            or not all(is_text(run, part) for part in parts):
        return NotImplemented
    return text(run)


def temp_dir(run, args: list, kwargs: dict) -> Opaque:
    """`tempfile.gettempdir()`: a str (which directory is the environment's choice)."""
    if args or kwargs:
        raise Bail
    return text(run)


def clock_text(run, args: list, kwargs: dict) -> Opaque:
    """`time.strftime(format)` of the current local time (a run name with a timestamp): a str the
    run does not know; a time tuple given, or a format that is not a str (or holds a NUL, which
    Python rejects), stops the run."""
    if len(args) != 1 or kwargs or type(args[0]) is not str or "\0" in args[0]:
        raise Bail
    return text(run)
