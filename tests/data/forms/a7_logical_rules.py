import enum
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

RULES = (("batch", "data"), ("mlp", "model"))
LOGICAL = dict(RULES)
EXTRA = dict(embed="model")


def logical(name):
    return LOGICAL[name]


def body(x):
    y = lax.psum(x, LOGICAL["batch"])
    loss = lax.pmean(y, (LOGICAL["batch"], LOGICAL["mlp"]))  # SF105
    z = lax.psum(x, logical("batch"))
    return loss, lax.psum(z, (logical("batch"), EXTRA["embed"]))  # SF105


def run(x):
    mesh = jax.make_mesh((2, 4), tuple(LOGICAL.values()))
    return jax.shard_map(body, mesh=mesh, in_specs=P(LOGICAL["batch"], LOGICAL["mlp"]), out_specs=(P(), P()))(x)
