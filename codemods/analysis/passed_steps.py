"""Steps of a script run whose outcome the run does not know, but which a run that goes on has
passed (script_run.py; issue 13).

Training scripts check and log values the run cannot know: `assert world_size % tp == 0` on the
device count, `num_tokens, num_experts = gates.shape` on an array of unknown rank,
`print(f"loss {float(loss):.4f}")`. Each either raises (the program stops there, and no later line
runs) or passes with an outcome the run keeps as unknown (Opaque). What the run reports is a line
that raises in every run reaching it: a run that reaches a later line passed the step, so going
on is exact, as long as nothing can catch what the step would raise. Inside a `try` with
handlers (in this frame or a calling one, counted by `guarded`), or inside a block whose way out
may swallow it (`with suppress(...)`, held as a handler of its classes: swallowing_blocks.py),
the step might have raised into a handler instead: the run stops (Bail), unless every handler is
one that cannot catch it (narrow_handlers.py).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr, Opaque
from codemods.analysis.narrow_handlers import narrow
from codemods.analysis.task_errors import faith


def passed(run) -> None:
    """The run goes on past a step that may have raised: only where nothing catches it."""
    if getattr(run, "guarded", 0) and not narrow(run):  # (a SkipTest handler catches no failure: narrow_handlers.py)
        raise Bail
    faith(run)  # (in an asyncio task: task_errors.py)


def unpacked(run, value: object, count: int) -> list:
    """`a, b = value` of an unknown value (a shape of unknown rank, an array of unknown length):
    `count` unknown items (rows of the array)."""
    passed(run)
    if type(value) is Opaque:
        return [Opaque() for _ in range(count)]
    if type(value) is Arr and value.count is None:
        rank = value.ndim - 1 if value.ndim else None
        return [Arr(None, value.host, ndim=rank) for _ in range(count)]
    raise Bail


def unknown_text(run) -> Opaque:
    """An f-string with an unknown part (`f"{float(loss):.4f}"`): a text the run does not know."""
    passed(run)
    return Opaque()


def sliced_count(count: int | None, key: object) -> int | None:
    """The leading length of `arr[key]` for an array of `count` rows (`keys[1:]` of
    `jax.random.split(key, n)`); None when not certain."""
    if count is None or type(key) is not slice:
        return None
    if not all(part is None or type(part) is int for part in (key.start, key.stop, key.step)) or key.step == 0:
        return None
    return len(range(count)[key])


def formatted(run, node, env) -> object:
    """An f-string: its text as the host run makes it, or an unknown text when a part is unknown
    (each part still evaluated once, in order)."""
    import ast

    from codemods.analysis.host_exprs import guard, plain_tree
    from codemods.analysis.object_texts import field_text, is_object
    from codemods.analysis.repr_enums import member_text
    from codemods.analysis import member_texts
    from codemods.analysis.script_paths import is_path, text as path_text
    from codemods.analysis.set_orders import unordered_within

    from codemods.analysis.unknown_truths import plain_text
    from codemods.analysis.script_values import TempPath
    from codemods.analysis.temp_files import is_temp
    from codemods.analysis.temp_texts import glued

    parts, unknown, risky, directory, others = [], False, False, None, False
    for index, value in enumerate(node.values):
        if type(value) is ast.Constant:
            parts.append(value.value)
            continue
        if value.conversion not in (-1, ord("s"), ord("r")):
            raise Bail
        obj = run.eval(value.value, env)
        spec = formatted(run, value.format_spec, env) if value.format_spec is not None else ""
        if index == 0 and not spec and value.conversion != ord("r") and is_temp(obj):
            directory = obj  # (`f"{tmp}/run.ini"`, `f"{Path(tmp)}/run.ini"`: a path below it, temp_files.py)
            if type(obj) is not TempPath:
                unknown = True  # (a pathlib path: its text is the directory's, not known)
                continue
        if isinstance(obj, Opaque) or isinstance(spec, Opaque) or type(obj) is tuple and obj and all(
                isinstance(item, Opaque) or plain_tree(item) for item in obj):  # (`{x.shape}`)
            unknown, risky = True, risky or not plain_text(run, obj, spec)
            others = others or obj is not directory
            continue
        if is_path(obj) and not spec and value.conversion != ord("r"):
            obj = path_text(obj)  # (`f"{run_dir}"`: script_paths.py)
        if (text := member_texts.field(run, obj, value.conversion, spec)) is not None:
            parts.append(text)  # (a `(str, Enum)` member: member_texts.py)
            continue
        if value.conversion != ord("r") and not isinstance(spec, Opaque) and (text := member_text(obj)) is not None:
            parts.append(guard(format, obj.value if value.conversion == -1 else text, spec))  # (repr_enums.py)
            continue
        if is_object(obj):  # (the class's own `__format__`/`__str__`/`__repr__`: object_texts.py)
            parts.append(field_text(run, obj, None if value.conversion == -1 else chr(value.conversion), spec))
            continue
        if not plain_tree(obj) or unordered_within(obj):
            raise Bail  # (a set of strs: its text changes from run to run, set_orders.py)
        obj = repr(obj) if value.conversion == ord("r") else obj
        parts.append(guard(format, obj, spec))
    from codemods.analysis.unknown_texts import text

    if directory is not None and not others and (path := glued(directory, "".join(parts))) is not None:
        return path  # (a separator doubled or a `..`: Bail, temp_files.py)
    return text(run, unknown_text(run) if risky else Opaque()) if unknown else "".join(parts)  # (a str, if it is made)
