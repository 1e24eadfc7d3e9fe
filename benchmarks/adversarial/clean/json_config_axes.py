"""A run config parsed from JSON (as read from a file); the axes are data, not code."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DEFAULT_CONFIG = '{"mesh": [2, 4], "axes": ["data", "model"], "reduce": ["data", "model"]}'


def load_config(text=DEFAULT_CONFIG):
    cfg = json.loads(text)
    cfg["reduce"] = tuple(cfg["reduce"])
    return cfg


def inputs():
    return load_config('{"mesh": [2, 4], "axes": ["data", "model"], "reduce": ["data"]}'), \
        np.arange(32, dtype=np.float32).reshape(8, 4)


def main(cfg, x):
    mesh = jax.make_mesh(tuple(cfg["mesh"]), tuple(cfg["axes"]))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(b):
        return jax.lax.psum(jnp.sum(b), cfg["reduce"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(load_config(), inputs()[1]))
