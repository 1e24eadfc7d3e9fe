"""A global array assembled by `jax.make_array_from_callback` from one-hot rows picked by NumPy
fancy indexing with labels read back from JSON: the run does not know the block's rank (its shape is a tuple of unknown ints),
but the array JAX makes is laid out by the sharding it is given, so the body's states are known (its axis read from that sharding)."""
import json

import numpy as np
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


class Total:
    def __init__(self, sharding):
        self.axis = sharding.spec[0]

    def __call__(self, block):
        s = jax.lax.psum(block.sum(axis=0), self.axis)
        return jax.lax.all_gather(s, self.axis, axis=0, tiled=True, to="reduced")  # SF101


def inputs():
    return (P("data", "model"),)


def main(spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    text = json.dumps({"labels": np.random.default_rng(0).integers(0, 8, 8).tolist()})
    labels = np.asarray(json.loads(text)["labels"])  # (read back: its rank is not followed)
    host = np.eye(8, dtype=np.float32)[labels]
    sharding = NamedSharding(mesh, spec)
    with jax.set_mesh(mesh):
        x = jax.make_array_from_callback(host.shape, sharding, lambda idx: host[idx])
        f = jax.shard_map(Total(sharding), mesh=mesh, in_specs=spec, out_specs=P(spec[1], reduced={spec[0]}))
        return f(x)


if __name__ == "__main__":
    main(*inputs())
