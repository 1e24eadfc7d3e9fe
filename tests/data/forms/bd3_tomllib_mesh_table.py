import tomllib

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

SETTINGS = tomllib.loads("""
[mesh]
shape = [2, 4]
axes = ["rows", "cols"]

[loss]
sum_axis = "cols"
""")


def objective(x):
    mesh = jax.make_mesh(tuple(SETTINGS["mesh"]["shape"]), tuple(SETTINGS["mesh"]["axes"]))
    rows, cols = SETTINGS["mesh"]["axes"]

    def body(block):
        per_row = jax.lax.psum(jnp.sum(block), SETTINGS["loss"]["sum_axis"])
        return jax.lax.psum(per_row, (rows, cols))  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P(rows, cols), out_specs=P())(x)
