"""The text of an instance of a module class in a script run (script_run.py; issue 13): an axis
object formatted into a spec string (`f"{axis}"`, `"{}".format(axis)`, `str(axis)`,
`format(axis, "s")`) runs the class's own `__format__`, `__str__` or `__repr__`, so the names
that text spells reach the shard_map body.

The data model (CPython 3.11), looked up on the type as Python does:
- `format(obj, spec)` (an f-string field, a `str.format` field) calls `type(obj).__format__`;
  `object.__format__` raises TypeError for a non-empty spec, else gives `str(obj)`.
- `str(obj)` calls `__str__`; `object.__str__` gives `repr(obj)`.
- `repr(obj)` calls `__repr__`; `object.__repr__` names the object's address, which the run
  does not know (it stops).
- a method that returns anything but a str is a TypeError.
A class of the module deriving from a builtin, a dataclass (its generated `__repr__`), a hook
that is not a plain def, or a `str.format` field the run does not read simply (attribute or
item access in the field name, nested fields in its spec) stops the run (Bail).
"""
from __future__ import annotations

import re
import string

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, UFunc, UObj


def is_object(value: object) -> bool:
    return type(value) is UObj


def _hook(run, obj: UObj, name: str, args: list) -> object:
    """The class's own `name` called on obj, or NotImplemented when only `object`'s is there."""
    if obj.data is not None or obj.cls.kind not in ("plain",):
        raise Bail  # (a builtin's or a generated method)
    found = obj.cls.lookup(name)
    if found is None:
        return NotImplemented
    if type(found[1]) is not UFunc:
        raise Bail
    text = run.call(Bound(found[1], obj), args, {})
    if type(text) is not str:
        raise Bail  # (TypeError in Python; a str subclass's text is not followed)
    return text


def text_repr(run, obj: UObj) -> str:
    done = _hook(run, obj, "__repr__", [])
    if done is NotImplemented:
        raise Bail  # (`<module.Class object at 0x...>`: an address the run does not know)
    return done


def text_str(run, obj: UObj) -> str:
    done = _hook(run, obj, "__str__", [])
    return text_repr(run, obj) if done is NotImplemented else done


def text_format(run, obj: UObj, spec: str) -> str:
    if type(spec) is not str:
        raise Bail
    done = _hook(run, obj, "__format__", [spec])
    if done is not NotImplemented:
        return done
    if spec:
        raise Bail  # (TypeError: unsupported format string passed to object.__format__)
    return text_str(run, obj)


def field_text(run, obj: object, conversion: str | None, spec: str) -> str:
    """One replacement field: `{obj!conversion:spec}` (conversion None, "s", "r" or "a")."""
    from codemods.analysis.host_exprs import guard, plain_tree

    if conversion == "s" or conversion == "r":
        obj = (text_str if conversion == "s" else text_repr)(run, obj) if type(obj) is UObj \
            else guard(str if conversion == "s" else repr, obj) if plain_tree(obj) else _bail()
    elif conversion is not None:
        raise Bail
    if type(obj) is UObj:
        return text_format(run, obj, spec)
    if not plain_tree(obj):
        raise Bail
    return guard(format, obj, spec)


def format_call(run, template: str, args: list, kwargs: dict, mapping: object = None) -> str:
    """`template.format(*args, **kwargs)` with some argument an instance of a module class or a
    field that reads an attribute or item; `template.format_map(mapping)`."""
    parts, automatic, used_auto, used_number = [], 0, False, False
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        raise Bail from None  # (a malformed template: ValueError in Python, not followed)
    for literal, field, spec, conversion in parsed:
        parts.append(literal)
        if field is None:
            continue
        whole = _FIELD.fullmatch(field)
        if spec and ("{" in spec or "}" in spec) or whole is None:
            raise Bail  # (a nested field, or a field name Python reads otherwise)
        field, rest = whole.group(1), whole.group(2)
        if mapping is not None:
            if field == "" or field.isdigit():
                raise Bail  # (ValueError: format_map takes no positional fields)
            value = _reached(run, run.item(mapping, field), rest)
            parts.append(field_text(run, value, conversion, spec or ""))
            continue
        if field == "":
            if used_number:
                raise Bail  # (ValueError: automatic and manual numbering mixed)
            used_auto, key, automatic = True, automatic, automatic + 1
        elif field.isdigit():
            if used_auto:
                raise Bail
            used_number, key = True, int(field)
        else:
            key = field
        if type(key) is int and key >= len(args) or type(key) is str and key not in kwargs:
            raise Bail  # (IndexError or KeyError in Python)
        parts.append(field_text(run, _reached(run, args[key] if type(key) is int else kwargs[key], rest), conversion,
                                spec or ""))
    return "".join(parts)


def text_call(run, name: str, args: list, kwargs: dict) -> object:
    """`str(obj)`, `repr(obj)`, `format(obj[, spec])`; NotImplemented when no argument is an
    instance of a module class."""
    if not args or type(args[0]) is not UObj:
        return NotImplemented
    if kwargs:
        raise Bail
    if name in ("str", "repr") and len(args) == 1:
        return (text_str if name == "str" else text_repr)(run, args[0])
    if name == "format" and len(args) in (1, 2):
        return text_format(run, args[0], args[1] if len(args) == 2 else "")
    raise Bail


def method_call(run, func: object, args: list, kwargs: dict) -> object:
    """`"...".format(...)` with an instance of a module class among its arguments; NotImplemented
    otherwise."""
    holder = getattr(func, "__self__", None)
    name = getattr(func, "__name__", None)
    if type(holder) is not str or name not in ("format", "format_map"):
        return NotImplemented
    if name == "format_map":  # (each field's key read by `mapping[key]`: a dict subclass's `__missing__` too)
        if len(args) != 1 or kwargs or type(args[0]) is dict and not _reaching(holder):
            return NotImplemented
        return format_call(run, holder, [], {}, args[0])
    if not any(type(value) is UObj for value in (*args, *kwargs.values())) and not _reaching(holder):
        return NotImplemented
    return format_call(run, holder, args, kwargs)


def _reaching(template: str) -> bool:
    """Whether a field of the template reads an attribute or an item of its argument (`{0.name}`)."""
    try:
        return any(field and any(mark in field for mark in ".[") for _, field, _, _ in string.Formatter().parse(template))
    except ValueError:
        return False


_FIELD = re.compile(r"([^.\[]*)((?:\.[^.\[\]]+|\[[^\]]+\])*)")
_ACCESS = re.compile(r"\.([^.\[\]]+)|\[([^\]]+)\]")


def _reached(run, value: object, rest: str) -> object:
    """`value.name[key]...` as `str.format` reads a field: a key of digits is an int, else a str."""
    for name, key in _ACCESS.findall(rest):
        if name:
            value = run.attribute(value, name)
        else:
            value = run.item(value, int(key) if key.isdigit() else key)
    return value


_SPEC = re.compile(r"%(?:\((?P<key>[^)]*)\))?(?P<flags>[-#0 +]*)(?P<width>\*|\d*)(?:\.(?P<precision>\*|\d*))?(?P<kind>.)", re.S)


def percent_args(right: object) -> bool:
    """`text % right` hands an instance of a module class to printf-style formatting."""
    return type(right) is UObj or type(right) is tuple and any(type(item) is UObj for item in right)


def percent(run, template: str, right: object) -> str:
    """`template % right` with an instance of a module class among the values (percent_formats.py)."""
    from codemods.analysis.percent_formats import percent as formatted

    return formatted(run, template, right, [found for found in _SPEC.finditer(template) if found.group("kind") != "%"])


def running_text(obj: UObj, name: str, spec: str) -> str:
    """What Python's own code gets asking an instance for its text (`map(str, axes)`,
    `"%s" % (axis,)`): the class's method run by the script run; outside a run, the analysis's
    own text of the value (never the program's)."""
    from codemods.analysis.object_hashes import current_run

    from codemods.analysis.unattributed_exceptions import quiet

    run = current_run()
    if run is None:
        return object.__repr__(obj)
    return quiet(lambda: text_str(run, obj) if name == "str" else text_repr(run, obj) if name == "repr"
                  else text_format(run, obj, spec))


def _bail():
    raise Bail
