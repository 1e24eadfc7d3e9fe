import dataclasses
import functools
from dataclasses import dataclass, field
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P
def gather_both(a, b):
    return lax.all_gather(a, "i", to="reduced", tiled=True), lax.psum(b, "i")

def body(a, b):
    ga, sb = gather_both(a, b)
    return lax.all_gather(sb, "i", to="reduced", tiled=True), lax.psum(ga, "i")  # SF101 SF103

def run(mesh, a, b):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i")), out_specs=(P(None, reduced={"i"}), P()))(a, b)
