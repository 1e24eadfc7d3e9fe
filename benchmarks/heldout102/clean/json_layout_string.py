"""Layout from a JSON string; the summed statistic is gathered with the mode the JSON names."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT_JSON = '{"mesh": {"data": 4, "model": 2}, "norm_axis": "model", "gather_to": "invarying"}'


def make_body(layout):
    def body(h):
        sq = jax.lax.psum(jnp.sum(h * h, axis=-1, keepdims=True), layout["norm_axis"])
        return jax.lax.all_gather(sq, layout["norm_axis"], axis=1, tiled=True, to=layout["gather_to"])
    return body


def inputs():
    return (np.random.default_rng(108).normal(size=(16, 8)).astype(np.float32),)


def main(h):
    layout = json.loads(LAYOUT_JSON)
    mesh = jax.make_mesh(tuple(layout["mesh"].values()), tuple(layout["mesh"]))
    fn = jax.shard_map(make_body(layout), mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", None))
    return fn(jax.device_put(h, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
