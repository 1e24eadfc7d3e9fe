import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(24)
    X = rng.normal(size=(16, 8)).astype(np.float32)
    Y = rng.normal(loc=0.5, size=(8, 8)).astype(np.float32)
    return X, Y


def make_mmd_body(axes, gamma=0.5):
    samples, landmarks = axes

    def body(X, Y):
        cross = jnp.exp(-gamma * ((X[:, None, :] - Y[None, :, :]) ** 2).sum(-1))
        kxy = jax.lax.psum(cross.sum(), axes)
        self_sim = jnp.exp(-gamma * ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1)).sum()
        kxx = jax.lax.psum(self_sim, axes)
        return kxx - 2.0 * kxy

    return body


def main(X, Y):
    axes = ("samples", "landmarks")
    mesh = jax.make_mesh((2, 4), axes)
    X = jax.device_put(X, NamedSharding(mesh, P("samples", None)))
    Y = jax.device_put(Y, NamedSharding(mesh, P("landmarks", None)))
    f = jax.shard_map(make_mmd_body(axes), mesh=mesh,
                      in_specs=(P("samples", None), P("landmarks", None)), out_specs=P())
    return f(X, Y)


if __name__ == "__main__":
    main(*inputs())
