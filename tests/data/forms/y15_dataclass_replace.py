import dataclasses
from typing import NamedTuple

import jax
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class StepState:
    grads: jax.Array
    count: int = 0


def body(h):
    state = StepState(grads=h)
    state = dataclasses.replace(state, grads=jax.lax.psum(state.grads, "j"))
    return jax.lax.psum(state.grads, ("i", "j"))  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


class Batch(NamedTuple):
    inputs: jax.Array
    weight: float = 1.0


def tuple_body(h):
    batch = Batch(h)
    batch = batch._replace(inputs=jax.lax.all_gather(batch.inputs, "i", to="reduced", tiled=True))
    return jax.lax.psum(batch.inputs, "i")  # SF103


def run_tuple(mesh, x):
    return jax.shard_map(tuple_body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
