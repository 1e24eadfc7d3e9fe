"""Colour jitter applied to full rows assembled from the width shards, as a list of lambdas."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_jitter(brightness=0.4, contrast=0.4):
    return [
        lambda x: x * (1.0 + brightness),
        lambda x: (x - 0.5) * (1.0 + contrast) + 0.5,
    ]


def jitter_rows(x, width_axis="width"):
    rows = jax.lax.all_gather(x, width_axis, axis=1, tiled=True, to="reduced")
    for op in build_jitter():
        rows = op(rows)
    return rows


def inputs():
    rng = np.random.default_rng(27)
    return (rng.uniform(size=(16, 8)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("batch", "width"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", "width")))
    return jax.shard_map(jitter_rows, mesh=mesh, in_specs=P("batch", "width"),
                         out_specs=P("batch", None))(x)


if __name__ == "__main__":
    main(*inputs())
