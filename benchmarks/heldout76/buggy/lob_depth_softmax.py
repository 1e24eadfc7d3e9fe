"""Depth-weighted book pressure features (lob-features)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PIPELINE = {
    "mesh": {"sym": 4, "tick": 2},
    "pressure": {"weighting": "softmax", "temperature": 1.0, "time_axis": "tick"},
}

WEIGHTINGS = {
    "softmax": functools.partial(jax.nn.softmax, axis=1),
    "uniform": lambda x: jnp.ones_like(x) / x.shape[1],
}


def day_view(x, axis):
    return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")


def book_pressure(depth, mesh):
    cfg = PIPELINE["pressure"]
    weigh = WEIGHTINGS[cfg["weighting"]]

    def _block(d):
        day = day_view(d.sum(axis=-1), cfg["time_axis"])
        w = weigh(day)
        return w

    return jax.shard_map(_block, mesh=mesh, in_specs=P("sym", "tick", None),
                         out_specs=P("sym", None))(depth)


def inputs():
    rng = np.random.default_rng(106)
    return (rng.random((8, 16, 4)).astype(np.float32),)


def main(depth):
    spec = PIPELINE["mesh"]
    mesh = jax.make_mesh(tuple(spec.values()), tuple(spec))
    depth = jax.device_put(depth, NamedSharding(mesh, P("sym", "tick", None)))
    w = book_pressure(depth, mesh)
    print("pressure weights", w.shape)
    return w


if __name__ == "__main__":
    main(*inputs())
