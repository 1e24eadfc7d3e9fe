import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS_SIZES = {"query": 2, "index": 4}


def inputs():
    rng = np.random.default_rng(62)
    X = rng.normal(size=(16, 4)).astype(np.float32)
    labels = rng.integers(0, 2, size=(16,)).astype(np.int32)
    return X, labels, X.copy(), labels.copy()


def mean_intra_distance(Xq, lq, Xi, li, index_axis):
    d = jnp.sqrt(((Xq[:, None, :] - Xi[None, :, :]) ** 2).sum(-1) + 1e-12)
    same = (lq[:, None] == li[None, :]).astype(Xq.dtype)
    total = jax.lax.psum((d * same).sum(axis=1), index_axis)
    count = jax.lax.psum(same.sum(axis=1), index_axis)
    return total / jnp.maximum(count - 1.0, 1.0)


def silhouette_body(Xq, lq, Xi, li):
    a = mean_intra_distance(Xq, lq, Xi, li, "index")
    return jax.lax.pmean(a.mean(), tuple(AXIS_SIZES))


def main(X, labels, Xi, li):
    mesh = jax.make_mesh(tuple(AXIS_SIZES.values()), tuple(AXIS_SIZES))
    X = jax.device_put(X, NamedSharding(mesh, P("query", None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P("query")))
    Xi = jax.device_put(Xi, NamedSharding(mesh, P("index", None)))
    li = jax.device_put(li, NamedSharding(mesh, P("index")))
    f = jax.shard_map(silhouette_body, mesh=mesh,
                      in_specs=(P("query", None), P("query"), P("index", None), P("index")),
                      out_specs=P())
    return f(X, labels, Xi, li)


if __name__ == "__main__":
    main(*inputs())
