"""A `functools.partial` of a JAX activation as a parameter default: leaky_relu of a reduced value."""
import functools

import jax
from jax.sharding import PartitionSpec as P


def block(v, act=functools.partial(jax.nn.leaky_relu, negative_slope=0.1)):
    return act(v)  # SF106


def run(mesh, x):
    def body(x):
        full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        return block(full)

    return jax.shard_map(body, mesh=mesh, in_specs=P(None, "j"), out_specs=P(None, None, reduced={"j"}))(x)
