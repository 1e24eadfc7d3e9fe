"""`jax.custom_vjp` and `jax.custom_jvp` functions in a script run (script_run.py; issue 13).

Attention kernels and numerically careful losses give their own derivative: a module makes
`ring_vjp = jax.custom_vjp(ring_attention, nondiff_argnums=(0,))`, then `ring_vjp.defvjp(fwd,
bwd)`, and registers it in a table of kernels (or decorates the def with `@jax.custom_vjp`). A run
that stopped at that statement would miss every bug of the program after it. What JAX traces
(run on jax 0.10.2, 8 CPU devices):
- called outside differentiation (plainly, under `jax.jit`, in a shard_map body), only the primal
  function is traced, with the arguments as given (nondiff ones among them, in their places);
- called while differentiated (`jax.grad` of a function that calls it, inside a shard_map body or
  around one) with a differentiated value among its arguments, the primal is NOT traced: the `fwd`
  rule is, on the same arguments, and its first result is the value (with none, the primal is);
  the run does not tell those apart, so it runs both and goes on only when neither stops and they
  agree (structure, and each leaf's state or layout); `bwd` is traced later, by the backward pass,
  which the run does not follow (the run's states then doubt that pass, as for any operation whose
  transpose it does not know);
- called before `defvjp`: AttributeError ("No VJP defined"); the run stops there (Bail).
`custom_jvp` functions are followed outside differentiation only (the primal); under
differentiation JAX traces the jvp rule on tangents the run does not model (Bail).
Arguments other than the nondiff ones must be trees of arrays or numbers (JAX flattens them);
anything else, keyword arguments, and reads of other attributes stop the run.
"""
from __future__ import annotations

from contextlib import contextmanager

from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Arr, GatherStop, RunCallable, map_tree

_RULES = {"jax.custom_vjp": ("custom_vjp", "defvjp", 2), "jax.custom_jvp": ("custom_jvp", "defjvp", 1)}


@contextmanager
def differentiating(run, values: list = ()):
    """A differentiated function's forward pass (`jax.grad`, `value_and_grad`, the jacobians),
    however deep in shard_map bodies it is traced; `values`: the arguments it differentiates
    (their arrays are differentiated values wherever they are passed as they are)."""
    run.__dict__["_differentiating"] = run.__dict__.get("_differentiating", 0) + 1
    held = run.__dict__.setdefault("_differentiated_leaves", [])
    leaves: list = []
    map_tree(list(values), lambda leaf: leaves.append(leaf) if type(leaf) is Arr else None)
    held.append(leaves)
    try:
        yield
    finally:
        run.__dict__["_differentiating"] -= 1
        held.pop()


def _given_differentiated(run, args: list, nondiff: tuple) -> bool:
    """A differentiated array itself (not a value computed from it) among the arguments: JAX
    then traces the fwd rule, certainly."""
    known = {id(leaf) for leaves in run.__dict__.get("_differentiated_leaves", ()) for leaf in leaves}
    found: list = []
    for index, arg in enumerate(args):
        if index not in nondiff:
            map_tree(arg, lambda leaf: found.append(leaf) if type(leaf) is Arr and id(leaf) in known else None)
    return bool(found)


def _differentiated(run) -> bool:
    if run.__dict__.get("_differentiating", 0):
        return True
    states = run.states
    return states is not None and states.transforms.differentiating > 0


class CustomFn(RunCallable, ModelledObject):
    """A `custom_vjp` / `custom_jvp` function: its primal, nondiff positions and rules once defined."""

    __slots__ = ("kind", "func", "nondiff", "rules")

    def __init__(self, kind: str, func: object, nondiff: tuple) -> None:
        self.kind, self.func, self.nondiff, self.rules = kind, func, nondiff, None

    def attribute(self, run, name: str) -> object:
        if name == _RULES[f"jax.{self.kind}"][1]:
            return _Define(self)
        raise Bail

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if kwargs or self.rules is None or any(n >= len(args) for n in self.nondiff):
            raise Bail  # (no rule yet: AttributeError; keywords are matched to the signature by JAX)
        for index, arg in enumerate(args):
            if index in self.nondiff:
                if type(arg) is Arr:
                    raise Bail  # (an array passed as a nondiff argument: not followed)
            else:
                map_tree(arg, lambda leaf: leaf)  # (JAX flattens them: another leaf stops the run)
        if not _differentiated(run):
            return run.call(self.func, list(args), {})
        if self.kind != "custom_vjp":
            raise Bail
        certain = _given_differentiated(run, args, self.nondiff)
        out = _quiet(run, self.rules[0], args, keep=certain)
        if type(out) is not tuple or len(out) != 2:
            raise Bail  # (JAX rejects a fwd rule that does not return (value, residuals))
        if not certain:
            _agree(run, out[0], _quiet(run, self.func, args))
        if run.states is not None:
            run.states.transforms.doubt()  # (bwd is traced by the backward pass: not followed)
        return out[0]


def _quiet(run, func: object, args: list, keep: bool = False) -> object:
    """`func(*args)` run for its value only: a stop met inside is not known to be the program's,
    and neither is anything it changes (a trace log the primal appends to): JAX traces one of fwd
    and the primal, the run does not know which, so either changing the program's state stops it."""
    from codemods.analysis.jit_retraces import before
    from codemods.analysis.retraced_bodies import unchanged

    kept = before(run, [func, args]) if not keep else None  # (`keep`: the one JAX certainly traces)
    try:
        result = run.call(func, list(args), {})
    except GatherStop:
        if keep:
            raise
        raise Bail from None
    if kept is not None and not unchanged(kept):
        raise Bail
    return result


def _agree(run, fwd: object, primal: object) -> None:
    """Under differentiation JAX traces fwd when a differentiated value reaches the call and the
    primal when none does, which the run does not tell apart: both must give the same structure
    and, leaf by leaf, the same state (in a body) or layout (outside one)."""
    from codemods.analysis.script_jax import alike

    left, right = [], []
    if map_tree(fwd, left.append) != map_tree(primal, right.append) or len(left) != len(right):
        raise Bail
    for a, b in zip(left, right):
        if type(a) is not type(b) or type(a) is not Arr and a != b:
            raise Bail
        if type(a) is not Arr:
            continue
        if a.ndim != b.ndim or (run.states.state(a) != run.states.state(b) if run.states is not None else
                                (a.sharding is None) != (b.sharding is None) or a.sharding is not None
                                and alike([a, b]) is None):
            raise Bail


class _Define(RunCallable):
    """`f.defvjp(fwd, bwd)` (returns None) or `f.defjvp(jvp)` (returns jvp: a decorator)."""

    __slots__ = ("owner",)

    def __init__(self, owner: CustomFn) -> None:
        self.owner = owner

    def __call__(self, run, args: list, kwargs: dict) -> object:
        count = _RULES[f"jax.{self.owner.kind}"][2]
        if kwargs or len(args) != count:
            raise Bail
        self.owner.rules = tuple(args)
        return None if count == 2 else args[0]


def custom_function(kind: str):
    def make(run, args: list, kwargs: dict) -> CustomFn:
        if len(args) != 1 or not set(kwargs) <= {"nondiff_argnums"}:
            raise Bail
        nondiff = kwargs.get("nondiff_argnums", ())
        nondiff = (nondiff,) if type(nondiff) is int else nondiff
        if type(nondiff) not in (tuple, list) or not all(type(n) is int and n >= 0 for n in nondiff):
            raise Bail
        return CustomFn(_RULES[kind][0], args[0], tuple(nondiff))
    return make


LIBRARY = {name: custom_function(name) for name in _RULES}
