import enum
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

CFG = {"dp": "data", "tp": "model"}


def body(*xs, **axes):
    y = lax.psum(xs[0], axes["dp"])
    return lax.pmean(y, (axes["dp"], axes["tp"]))  # none: **CFG is spread, not read


def gather(*xs):
    return lax.pmean(xs[0], ("data", "model"))  # SF105


def run(x, mesh):
    a = jax.shard_map(partial(body, **CFG), mesh=mesh, in_specs=P("data", "model"), out_specs=P())(x)
    b = jax.shard_map(gather, mesh=mesh, in_specs=P("data"), out_specs=P())(x)
    return a, b
