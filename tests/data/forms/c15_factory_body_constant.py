import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def make_body(axis):
    def body(x):
        s = lax.psum(x, axis)
        return lax.all_gather(s, axis, to="reduced", tiled=True)  # SF101
    return body

f = jax.jit(jax.shard_map(make_body("i"), mesh=jax.make_mesh((8,), ("i",)), in_specs=P("i"), out_specs=P(None, reduced={"i"})))
