import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def gather_total(edge, *, axis):
    return jax.lax.all_gather(jnp.square(edge).sum(axis=-1), axis, to="reduced")  # none


def main(mesh, x):
    fns = [functools.partial(gather_total, axis=name) for name in ("i", "j")]

    def body(e):
        return fns[1](e)

    return jax.shard_map(body, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
