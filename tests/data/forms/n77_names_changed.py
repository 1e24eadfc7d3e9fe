import enum
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

AXES = ["data", "model"]
AXES.append("pipe")
RULES = [("batch", "data"), ("mlp", "model")]
LOGICAL = dict(RULES)
LOGICAL["mlp"] = "data"


def body(x):
    y = lax.psum(x, "data")
    a = lax.pmean(y, AXES[:2])  # none: the list is changed in place
    b = lax.pmean(y, (LOGICAL["batch"], LOGICAL["mlp"]))  # none: the table is changed
    return a, b


def run(x):
    mesh = jax.make_mesh((2, 4, 1), ("data", "model", "pipe"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=(P(), P()))(x)
