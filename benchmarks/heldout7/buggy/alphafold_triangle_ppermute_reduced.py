"""Triangle attention (starting node) with the pair rows passed around a ring of row shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("rows", "chan")


def ring(axis):
    n = jax.lax.axis_size(axis)
    return [(i, (i + 1) % n) for i in range(n)]


def triangle_start(pair, bias_w):
    rows_axis, chan_axis = AXES
    wide = jax.lax.all_gather(pair, chan_axis, axis=-1, tiled=True, to="reduced")
    bias = wide @ bias_w
    passed = jax.lax.ppermute(wide, rows_axis, ring(rows_axis))
    neighbour = jax.lax.ppermute(passed, chan_axis, ring(chan_axis))
    return bias + jnp.sum(neighbour, axis=-1, keepdims=True)


def inputs():
    rng = np.random.default_rng(16)
    return rng.normal(size=(8, 8, 8)).astype(np.float32), rng.normal(size=(8, 1)).astype(np.float32)


def main(pair, bias_w):
    mesh = jax.make_mesh((2, 4), AXES)
    spec = P(AXES[0], None, AXES[1])
    pair = jax.device_put(pair, NamedSharding(mesh, spec))
    bias_w = jax.device_put(bias_w, NamedSharding(mesh, P()))
    return jax.shard_map(triangle_start, mesh=mesh, in_specs=(spec, P()),
                         out_specs=P(AXES[0], None, AXES[1]))(pair, bias_w)


if __name__ == "__main__":
    print(main(*inputs()))
