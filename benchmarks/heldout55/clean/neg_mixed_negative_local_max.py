"""Mixed negative sampling: in-batch negatives plus a uniformly sampled pool; the pool's max logit."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_sampler(mesh, pool_size=8):
    replica, item = mesh.axis_names

    def uniform_pool(item_emb):
        pool = item_emb[:pool_size]
        return jax.lax.all_gather(pool, replica, axis=0, tiled=True, to="reduced")

    def body(query, item_emb):
        pool = uniform_pool(item_emb)
        pool_max = pool.max(axis=0)
        return query * pool_max

    return body


def inputs():
    rng = np.random.default_rng(42)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(32, 8)).astype(np.float32)


def main(query, item_emb):
    mesh = jax.make_mesh((2, 4), ("replica", "item"))
    spec = P("replica", "item")
    query = jax.device_put(query, NamedSharding(mesh, spec))
    item_emb = jax.device_put(item_emb, NamedSharding(mesh, spec))
    f = jax.shard_map(make_sampler(mesh), mesh=mesh, in_specs=(spec, spec), out_specs=spec)
    return f(query, item_emb)


if __name__ == "__main__":
    main(*inputs())
