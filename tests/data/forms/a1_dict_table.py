import enum
from functools import partial
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

AXES = {"dp": "data", "tp": "model"}


class Config:
    axes = {"batch": "data", "hidden": "model"}


cfg = Config()


def body(x):
    y = lax.psum(x, AXES["dp"])
    z = lax.psum(x, cfg.axes["batch"])
    return lax.pmean(y, (AXES["dp"], AXES["tp"])), lax.psum(z, (cfg.axes["batch"], cfg.axes["hidden"]))  # SF105


def run(x):
    mesh = jax.make_mesh((2, 4), (AXES["dp"], AXES["tp"]))
    return jax.shard_map(body, mesh=mesh, in_specs=P(AXES["dp"], AXES["tp"]), out_specs=(P(), P()))(x)
