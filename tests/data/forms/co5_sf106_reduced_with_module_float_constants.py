"""A reduced gather combined with floats that modules name: `jnp.pi` and `math.pi` are Python
floats, so `r + jnp.pi` combines a reduced value with a number."""
import math

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(x):
    r = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    wrapped = jnp.mod(r + jnp.pi, 2.0 * math.pi)  # SF106
    return wrapped, r


def main(mesh, x):
    spec = P("i", None, reduced={"j"})
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=(spec, spec))(x)
