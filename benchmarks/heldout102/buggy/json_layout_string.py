"""Sharding layout read from a JSON string (as stored next to a checkpoint)."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT_JSON = '{"mesh": {"data": 4, "model": 2}, "activations": ["data", "model"], "norm_axis": "model"}'


def make_body(layout):
    norm_axis = layout["norm_axis"]

    def body(h):
        sq = jax.lax.psum(jnp.sum(h * h, axis=-1, keepdims=True), norm_axis)
        rms = jax.lax.all_gather(sq, norm_axis, axis=1, tiled=True, to="reduced")
        return rms
    return body


def inputs():
    return (np.random.default_rng(34).normal(size=(16, 8)).astype(np.float32),)


def main(h):
    layout = json.loads(LAYOUT_JSON)
    mesh = jax.make_mesh(tuple(layout["mesh"].values()), tuple(layout["mesh"]))
    spec = P(*layout["activations"])
    fn = jax.shard_map(make_body(layout), mesh=mesh, in_specs=spec,
                       out_specs=P("data", None, reduced={layout["norm_axis"]}))
    return fn(jax.device_put(h, NamedSharding(mesh, spec)))


if __name__ == "__main__":
    main(*inputs())
