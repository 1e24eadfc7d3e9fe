import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(25)
    Xq = rng.normal(size=(16, 4)).astype(np.float32)
    Xt = rng.normal(size=(8, 4)).astype(np.float32)
    yt = rng.normal(size=(8,)).astype(np.float32)
    return Xq, Xt, yt


def neg_sq_dist(A, B, bandwidth):
    d2 = ((A[:, None, :] - B[None, :, :]) ** 2).sum(-1)
    return -d2 / (2.0 * bandwidth ** 2)


def regress(Xq, Xt, yt, *, bandwidth, train_axis):
    logits = neg_sq_dist(Xq, Xt, bandwidth)
    logits = jax.lax.all_gather(logits, train_axis, axis=1, tiled=True, to="reduced")
    targets = jax.lax.all_gather(yt, train_axis, tiled=True, to="invarying")
    weights = jax.nn.softmax(logits, axis=1)
    return weights @ targets


def main(Xq, Xt, yt):
    mesh = jax.make_mesh((2, 4), ("samples", "landmarks"))
    Xq = jax.device_put(Xq, NamedSharding(mesh, P("samples", None)))
    Xt = jax.device_put(Xt, NamedSharding(mesh, P("landmarks", None)))
    yt = jax.device_put(yt, NamedSharding(mesh, P("landmarks")))
    body = functools.partial(regress, bandwidth=0.8, train_axis="landmarks")
    f = jax.shard_map(body, mesh=mesh,
                      in_specs=(P("samples", None), P("landmarks", None), P("landmarks")),
                      out_specs=P("samples"))
    return f(Xq, Xt, yt)


if __name__ == "__main__":
    main(*inputs())
