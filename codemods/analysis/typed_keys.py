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
Many other steps make key arrays the run does not note: an item, a slice, `reshape`, `ravel`,
`k[None]`, `jnp.stack` of keys, fold_in of such a key (all raise NotImplementedError on `real`,
jax 0.10.2). So once the program has made a typed key (`jax.random.key`, `wrap_key_data`, the
only makers of one), these names of an array the run did not note stop the run, unless it is a
NumPy array or its dtype is known to be a number's (adversarial25 H). Noted besides: an item or
slice of a noted key array, its `reshape`/`ravel`/... (`kept`), `jnp.stack`/`concatenate` of
noted keys, `clone` of one, `wrap_key_data`.
"""
from __future__ import annotations

from codemods.analysis.concrete_scalars import untraced
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Arr

RAISING = frozenset({"real", "imag", "mT", "flat"})
_READ = (0, 10, 2)
_MAKERS = frozenset({"jax.random.key", "jax.random.wrap_key_data"})
_KEEPING = frozenset({"jax.random.split", "jax.random.fold_in", "jax.random.clone"})  # (a key's keys)
_JOINING = frozenset({"jax.numpy.stack", "jax.numpy.concatenate"})  # (of keys: keys)
_SHAPING = frozenset({"reshape", "ravel", "flatten", "squeeze", "swapaxes", "transpose"})
_NUMBERS = frozenset("biufc")  # (dtype kinds no key array has)


def note(run, name: str, args: list, made: object) -> object:
    """`made`, the result of the library call `name(*args)`, noted as a typed key array where it is one."""
    if name in _MAKERS:
        run.__dict__["_made_typed_keys"] = True
    joined = name in _JOINING and args and type(args[0]) in (list, tuple) and args[0] \
        and all(is_key(run, item) for item in args[0])
    if type(made) is Arr and (name in _MAKERS or joined or name in _KEEPING and args and is_key(run, args[0])):
        run.__dict__.setdefault("_typed_keys", {})[id(made)] = made
    return made


def kept(run, source: object, made: object, step: str = "") -> object:
    """`made`, read off `source` by an item, a slice or a step in `_SHAPING` (`step`): a key array
    when source is one."""
    if type(made) is Arr and (not step or step in _SHAPING) and is_key(run, source):
        run.__dict__.setdefault("_typed_keys", {})[id(made)] = made
    return made


def is_key(run, value: object) -> bool:
    return run.__dict__.get("_typed_keys", {}).get(id(value)) is value


def check(run, key: Arr, name: str) -> None:
    """Before `key.name` is read as any array's (array_reads.py): raise what a concrete key raises."""
    if name not in RAISING:
        return
    if not is_key(run, key):
        dtype = getattr(key, "dtype", None)
        if run.__dict__.get("_made_typed_keys") and not key.host and getattr(dtype, "kind", None) not in _NUMBERS:
            raise Bail  # (maybe a key array made by a step not noted here)
        return
    if getattr(run, "target", None) != _READ or not untraced(run):
        raise Bail  # (read on jax 0.10.2, outside any trace)
    raise Raised(NotImplementedError(f"{name} is not implemented for typed key arrays"))
