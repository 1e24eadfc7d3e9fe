import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SAMPLES = 4


def farthest_point_body(chunk_axis):
    def step(i, dist):
        best = jax.lax.pmax(dist.max(axis=-1, keepdims=True), chunk_axis)
        board = jax.lax.all_gather(best, chunk_axis, axis=1, tiled=True, to="reduced")
        thresh = jnp.max(board, axis=1, keepdims=True)
        return jnp.where(dist >= thresh, 0.0, dist)

    def body(points):
        dist = jnp.sum(points * points, axis=-1)
        return jax.lax.fori_loop(0, N_SAMPLES, step, dist)

    return body


def inputs():
    rng = np.random.default_rng(30)
    return (rng.normal(size=(4, 64, 3)).astype(np.float32),)


def main(points):
    mesh = jax.make_mesh((2, 4), ("cloud", "chunk"))
    points = jax.device_put(points, NamedSharding(mesh, P("cloud", "chunk", None)))
    remaining = jax.shard_map(
        farthest_point_body("chunk"), mesh=mesh, in_specs=P("cloud", "chunk", None), out_specs=P("cloud", "chunk")
    )(points)
    print(remaining.shape)
    return remaining


if __name__ == "__main__":
    main(*inputs())
