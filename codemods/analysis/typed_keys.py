"""Typed PRNG key arrays in a script run (script_run.py; issue 13): `key = jax.random.key(0)`, and
the keys `jax.random.split` and `jax.random.fold_in` make of one.

A typed key array is a jax.Array (placed, sharded, handed to a shard_map body, split) and the run
holds it as one (script_values.Arr), but its element type is a key, not a number, and a concrete
one answers some of an array's names otherwise: `real`, `imag`, `mT` and `flat` raise
NotImplementedError (not AttributeError: `hasattr(key, "real")` raises too, which a handler of the
program may catch). The run answers `real`, `imag` and `T` of any array without asking whether
it has them (array_reads.py), so it notes the keys it made here and asks this table first. Read
on jax 0.10.2 with `hasattr` on `jax.random.key(0)` and `jax.random.split(key, 4)` outside any
trace (inside `jax.jit` `real` and `imag` are present, `mT` raises ValueError: not answered here);
another target, or a traced key, stops the run on these names (Bail).
"""
from __future__ import annotations

from codemods.analysis.concrete_scalars import untraced
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr

RAISING = frozenset({"real", "imag", "mT", "flat"})
_READ = (0, 10, 2)
_MAKERS = frozenset({"jax.random.key"})
_KEEPING = frozenset({"jax.random.split", "jax.random.fold_in"})  # (a key's keys)


def note(run, name: str, args: list, made: object) -> object:
    """`made`, the result of the library call `name(*args)`, noted as a typed key array where it is one."""
    if type(made) is Arr and (name in _MAKERS or name in _KEEPING and args and is_key(run, args[0])):
        run.__dict__.setdefault("_typed_keys", {})[id(made)] = made
    return made


def is_key(run, value: object) -> bool:
    return run.__dict__.get("_typed_keys", {}).get(id(value)) is value


def check(run, key: Arr, name: str) -> None:
    """Before `key.name` is read as any array's (array_reads.py): raise what a concrete key raises."""
    if name not in RAISING or not is_key(run, key):
        return
    if getattr(run, "target", None) != _READ or not untraced(run):
        raise Bail  # (read on jax 0.10.2, outside any trace)
    raise Raised(NotImplementedError(f"{name} is not implemented for typed key arrays"))
