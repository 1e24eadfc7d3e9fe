import json

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

CONFIG = json.loads('{"reduce": ["i", "j"]}')


def configure(config):
    config["reduce"].remove("j")


def loss(mesh, x):
    def body(block):
        part = jax.lax.psum(jnp.sum(block), "j")
        return jax.lax.pmean(part, tuple(CONFIG["reduce"]))  # 'j' was removed

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    configure(CONFIG)
    return loss(mesh, x)
