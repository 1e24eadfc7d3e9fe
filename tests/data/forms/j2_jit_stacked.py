import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
mesh = jax.make_mesh((2, 4), ("i", "j"))

@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))
def step(x):
    s = lax.psum(x, "i")
    return lax.all_gather(s, "i", to="reduced", tiled=True)  # SF101
