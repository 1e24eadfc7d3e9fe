from functools import reduce

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

FLOOR = 1e-6


def compose(*fns):
    return reduce(lambda f, g: lambda v: g(f(v)), fns)


def body(x):
    full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
    to_log = compose(jnp.abs, lambda e: jnp.maximum(e, FLOOR), jnp.log)  # SF106
    return to_log(full)


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
