import enum
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def body(x, *, scale=1.0, **axes):
    y = lax.psum(x * scale, axes["dp"])
    return lax.pmean(y, (axes["dp"], axes["tp"]))  # SF105


def stats(x, *names):
    s = lax.psum(x, names[0])
    return lax.psum(s, names)  # SF105


def run(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = jax.shard_map(partial(body, dp="data", tp="model"), mesh=mesh, in_specs=P("data", "model"), out_specs=P())(x)
    b = jax.shard_map(lambda v: stats(v, "data", "model"), mesh=mesh, in_specs=P("data", "model"), out_specs=P())(x)
    return a, b
