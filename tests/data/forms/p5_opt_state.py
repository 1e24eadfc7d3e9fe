import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def body(w, m):
    state = {"params": {"w": w}, "opt": {"mu": m, "nu": m * m}}
    mu = lax.all_gather(state["opt"]["mu"], "i", to="reduced", tiled=True)
    return lax.pmax(mu, "i")  # SF103

def run(mesh, w, m):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i")), out_specs=P())(w, m)
