import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(a, b):
    parts = [lax.all_gather(v, "i", to="reduced", tiled=True) for v in (lax.psum(a, "i"), b)]  # SF101 (the first element is invariant)
    later = [lax.all_gather(v, "i", to="reduced", tiled=True) for v in (b, lax.psum(a, "i"))]  # SF101 (the second is)
    return parts[1]  # none

def run(mesh, a, b):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i")), out_specs=P(None, reduced={"i"}))(a, b)
