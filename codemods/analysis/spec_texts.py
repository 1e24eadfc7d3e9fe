"""`str(spec)` / `repr(spec)` of a PartitionSpec in a script run (script_run.py; issue 13).

A checkpoint writer records each array's layout as text (`str(out.sharding.spec)`) beside its
shape. On jax 0.10.2 str and repr of a PartitionSpec are the same text (checked by running them):
`P(` then each entry, `None`, a name's repr, or the repr of a tuple of two or more names (a
one-name tuple is that name, an empty one None: JAX normalizes them), a trailing comma after a
lone entry with nothing beside it (`P('x',)`, `P(None,)`; `P()` for none), then
`unreduced={...}` and `reduced={...}` where they are not empty, joined by ", ". A set is printed
in Python's frozenset order, which for two or more names depends on the process's str hashes
(PYTHONHASHSEED): only a set of one name has a certain text. Anything else (a set of several
names, an entry that is not a name or a tuple of names) gives None: the run stops (Bail).
"""
from __future__ import annotations

from codemods.analysis.script_values import SpecObj


def spec_text(spec: SpecObj) -> str | None:
    """The text JAX prints for `spec`, where it is certain."""
    parts = []
    for entry in spec.entries:
        names = () if entry is None else (entry,) if type(entry) is str else entry
        if type(names) is not tuple or not all(type(name) is str for name in names):
            return None  # (UNCONSTRAINED, or a name the run does not hold as a str)
        parts.append("None" if not names else repr(names[0]) if len(names) == 1 else repr(names))
    if len(parts) == 1 and not spec.spec.reduced and not spec.spec.unreduced:
        parts[0] += ","  # (`P('x',)`, as a one-item tuple is printed)
    for word, axes in (("unreduced", spec.spec.unreduced), ("reduced", spec.spec.reduced)):
        if len(set(axes)) > 1:
            return None  # (frozenset order: depends on str hashes)
        if axes:
            parts.append(f"{word}={{{axes[0]!r}}}")
    return f"P({', '.join(parts)})"


def spec_str(name: str, args: list, kwargs: dict) -> object:
    """`str(spec)` / `repr(spec)`: its text; NotImplemented where the call is another."""
    if name not in ("str", "repr") or len(args) != 1 or kwargs or type(args[0]) is not SpecObj:
        return NotImplemented
    return spec_text(args[0])
