import configparser

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

SETTINGS = """
[DEFAULT]
data = i

[mesh]
model = j
both = %(data)s,%(model)s
"""


def load():
    parser = configparser.ConfigParser()
    parser.read_string(SETTINGS)
    return parser["mesh"]


def evaluate(mesh, x):
    axes = load()

    def body(v):
        total = jax.lax.psum(jnp.sum(v, axis=0, keepdims=True), axes["data"])
        return jax.lax.all_gather(total, axes.get("data"), axis=0, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P(axes["data"], axes["model"]),
                         out_specs=P(None, axes["model"], reduced={axes["data"]}))(x)
