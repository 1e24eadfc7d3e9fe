"""Tracing calls inside shard_map on 8 simulated CPU devices, and reading the states JAX gives
(part of the transfer-table generator; imports JAX, never imported at check time)."""
from __future__ import annotations

import os

# Before JAX initialises its backend.
os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402

from codemods.transfer import model  # noqa: E402

# The collectives are observed over one axis and over a pair, on a (2, 4) mesh.
AXES = ("i", "j")
MESH_SHAPE = (2, 4)
# Operations run on a (2, 2, 2) mesh: reduced on `i`, the two other axes each invariant or
# varying per operand, so that an operand can vary on one other axis and not on the other.
OPERATION_AXES = ("i", "j", "k")
OPERATION_MESH = (2, 2, 2)
OTHER_AXES = ("j", "k")
SHAPE = (4, 4)
STATES = (model.VARYING, model.INVARIANT, model.REDUCED, model.UNREDUCED)
DTYPES = ("float", "int", "bool")
_DTYPE_OF = {"float": jnp.float32, "int": jnp.int32, "bool": jnp.bool_}


def state_of(value, axis: str) -> str | None:
    """The state of a traced array on `axis`, read from its type (None: not an array)."""
    aval = jax.typeof(value) if hasattr(jax, "typeof") else jax.core.get_aval(value)
    mat = getattr(aval, "mat", None)
    if mat is not None:
        varying, reduced, unreduced = mat.varying, mat.reduced, mat.unreduced
    else:
        if not hasattr(aval, "shape"):
            return None
        varying = getattr(aval, "vma", frozenset())
        spec = getattr(getattr(aval, "sharding", None), "spec", None)
        reduced = getattr(spec, "reduced", frozenset()) or frozenset()
        unreduced = getattr(spec, "unreduced", frozenset()) or frozenset()
    if axis in varying:
        return model.VARYING
    if axis in reduced:
        return model.REDUCED
    if axis in unreduced:
        return model.UNREDUCED
    return model.INVARIANT


def _leaf_state(leaf, axis: str) -> str | None:
    try:
        return state_of(leaf, axis)
    except TypeError:  # a concrete (non-traced) result: computed from constants only
        return model.INVARIANT


def outcome_of(result, axis: str = "i", others: dict[str, str] | None = None) -> dict:
    """The result's state on `axis`. `others` is what the analysis assumes on the other axes
    (varying where some operand varies, else invariant); a result that differs there is recorded
    as such, so that no lookup believes it."""
    leaves = [leaf for leaf in jax.tree_util.tree_leaves(result) if hasattr(leaf, "shape")]
    states = {_leaf_state(leaf, axis) for leaf in leaves}
    states.discard(None)
    if not states:
        return {"result": "no-array"}
    if len(states) > 1:
        return {"result": "mixed", "leaves": sorted(states)}
    for other, expected in (others or {}).items():
        seen = {_leaf_state(leaf, other) for leaf in leaves}
        if seen != {expected}:
            return {"result": "other-axes", "axis": other, "leaves": sorted(s for s in seen if s)}
    return {"state": states.pop()}


def error_of(error: BaseException) -> dict:
    """The error's class and what JAX says, without the operands' types and shapes it goes on
    to print (they differ per case and would only make the table larger)."""
    message = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return {"error": type(error).__name__, "message": message.split(" Got ")[0][:300]}


# The order of the casts: jax 0.8.2 cannot cast a value reduced on one axis to varying on
# another (an unreduced state is made through varying), so the reduced casts come last.
_CAST_ORDER = {model.VARYING: 0, model.UNREDUCED: 1, model.REDUCED: 2}


def make_state(x, states: dict[str, str]):
    """`x` (invariant everywhere) cast so that it is in `states[axis]` on each axis: the varying
    axes first, then the unreduced ones, the reduced ones last, each kind the last axis first."""
    ordered = reversed(list(states.items()))
    for axis, state in sorted(ordered, key=lambda item: _CAST_ORDER.get(item[1], 3)):
        if state == model.VARYING:
            x = jax.lax.pcast(x, axis, to="varying")
        elif state == model.REDUCED:
            x = jax.lax.pcast(x, axis, to="reduced")
        elif state == model.UNREDUCED:
            x = jax.lax.pcast(jax.lax.pcast(x, axis, to="varying"), axis, to="unreduced")
    return x


def shaped(x, shape: tuple[int, ...], kind: str):
    """An invariant operand of `shape` and dtype `kind` derived from the traced input `x` (4, 4)
    float (a traced value, not a constant: constants are concrete and skip JAX's checks)."""
    if len(shape) == 1:
        x = x[0, : shape[0]]
    elif len(shape) == 3:
        x = jnp.broadcast_to(x, shape)
    return x if kind == "float" else x.astype(_DTYPE_OF[kind])


class Runner:
    """Traces bodies inside shard_map on the 8-device mesh; every call is wrapped in try/except."""

    def __init__(self) -> None:
        self.mesh = jax.make_mesh(MESH_SHAPE, AXES)
        self.operation_mesh = jax.make_mesh(OPERATION_MESH, OPERATION_AXES)
        self.x = jnp.ones(SHAPE, jnp.float32)

    def _mapped(self, body):
        return jax.shard_map(body, mesh=self.operation_mesh, in_specs=P(), out_specs=P())

    def lowering_error(self, computations) -> dict | None:
        """JAX's error when the program computing every `compute(x)` of `computations` (results
        reduced on 'i', maybe reduced or unreduced on other axes too) is lowered; None when it
        lowers. Each result is cast to varying on the axes it is reduced on and summed over the
        axes it is unreduced on, then over those it varies on, so that the program has a plain
        output (no error of this harness's own making)."""
        def over(value, state):
            return tuple(a for a in OPERATION_AXES if state_of(value, a) == state)

        def wrapped(x):
            total = jnp.zeros((), jnp.float32)
            for compute in computations:
                for leaf in jax.tree_util.tree_leaves(compute(x)):
                    if hasattr(leaf, "shape"):
                        reduced = over(leaf, model.REDUCED)
                        varying = jax.lax.pcast(leaf, reduced, to="varying") if reduced else leaf
                        partial = jnp.sum(varying.astype(jnp.float32))
                        for state in (model.UNREDUCED, model.VARYING):
                            if over(partial, state):
                                partial = jax.lax.psum(partial, over(partial, state))
                        total = total + partial
            return total
        try:
            jax.jit(self._mapped(wrapped)).lower(self.x)
        except Exception as error:  # noqa: BLE001 -- the observation
            return {**error_of(error), "stage": "lowering"}
        return None

    def trace(self, body) -> None:
        """Trace `body(x)` once; `body` records its findings itself (the trace's own result is unused)."""
        def wrapped(x):
            body(x)
            return x
        jax.make_jaxpr(self._mapped(wrapped))(self.x)
