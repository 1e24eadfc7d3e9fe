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
        return lax.all_gather(s, axis, to="reduced", tiled=True)  # none: the body also runs eagerly
    return body

f = jax.shard_map(make_body("i"), mesh=jax.make_mesh((8,), ("i",)), in_specs=P("i"), out_specs=P(None, reduced={"i"}))
eager = make_body("i")
