import dataclasses
from typing import NamedTuple

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class StepState:
    grads: jax.Array
    count: int = 0


class Batch(NamedTuple):
    inputs: jax.Array
    weight: float = 1.0


def other_field(h):
    state = StepState(grads=h)
    state = dataclasses.replace(state, count=state.count + 1)
    return jax.lax.psum(state.grads, ("i", "j"))  # none: grads still varies on both


def old_object_kept(h):
    state = StepState(grads=jax.lax.psum(h, "j"))
    fresh = dataclasses.replace(state, grads=h)
    return jax.lax.psum(fresh.grads, ("i", "j")) + jax.lax.psum(state.grads, "i")  # none


def set_in_place(h):
    state = StepState(grads=jax.lax.psum(h, "j"))
    object.__setattr__(state, "grads", jax.lax.pcast(state.grads, "j", to="varying"))
    return jax.lax.psum(state.grads, ("i", "j"))  # none: changed in place


def tuple_kept(h):
    batch = Batch(h)._replace(weight=2.0)
    return jax.lax.psum(batch.inputs, ("i", "j"))  # none


def run(mesh, x):
    f = lambda body: jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    return f(other_field), f(old_object_kept), f(set_in_place), f(tuple_kept)
