import enum
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

AXES = ("data", "model")
DP, *REST = AXES


def body(x):
    first, *others = AXES
    y = lax.psum(x, DP)
    z = lax.psum(x, first)
    a = lax.pmean(y, (DP, *REST))  # SF105
    return a, lax.pmean(z, (first, *others))  # SF105


def run(x):
    mesh = jax.make_mesh((2, 4), AXES)
    return jax.shard_map(body, mesh=mesh, in_specs=P(*AXES), out_specs=(P(), P()))(x)
