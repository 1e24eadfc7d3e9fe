import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

K = 2


def make_knn_body(cloud_axis, chunk_axis):
    both = (cloud_axis, chunk_axis)

    def body(queries, points):
        d = jnp.sum((queries[:, :, None, :] - points[:, None, :, :]) ** 2, axis=-1)
        neg, _ = jax.lax.top_k(-d, K)
        per_query = jax.lax.all_gather(-neg, chunk_axis, axis=2, tiled=True, to="reduced")
        return jax.lax.all_gather(per_query, both, axis=0, tiled=True, to="reduced")

    return body


def inputs():
    rng = np.random.default_rng(31)
    return rng.normal(size=(4, 8, 3)).astype(np.float32), rng.normal(size=(4, 32, 3)).astype(np.float32)


def main(queries, points):
    mesh = jax.make_mesh((2, 4), ("cloud", "chunk"))
    queries = jax.device_put(queries, NamedSharding(mesh, P("cloud", None, None)))
    points = jax.device_put(points, NamedSharding(mesh, P("cloud", "chunk", None)))
    cands = jax.shard_map(
        make_knn_body("cloud", "chunk"),
        mesh=mesh,
        in_specs=(P("cloud", None, None), P("cloud", "chunk", None)),
        out_specs=P(None, None, None, reduced={"cloud", "chunk"}),
    )(queries, points)
    print(cands.shape)
    return cands


if __name__ == "__main__":
    main(*inputs())
