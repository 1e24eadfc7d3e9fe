import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SETTINGS = {"solver": "lsqr", "shrinkage": 0.1, "axes": ("shard", "klass")}


def inputs():
    rng = np.random.default_rng(42)
    X = rng.normal(size=(16, 8)).astype(np.float32)
    return (X,)


def within_scatter_diag(X):
    centred = X - X.mean(axis=0, keepdims=True)
    return (centred ** 2).sum(axis=0)


def shrinkage_target(X, shrinkage, axes):
    shard_axis, class_axis = axes
    diag = jax.lax.psum(within_scatter_diag(X), shard_axis)
    full = jax.lax.all_gather(diag, class_axis, tiled=True, to="reduced")
    largest = jax.lax.pmax(full, class_axis)
    return shrinkage * largest.max()


def main(X):
    mesh = jax.make_mesh((2, 4), SETTINGS["axes"])
    X = jax.device_put(X, NamedSharding(mesh, P("shard", "klass")))
    f = jax.shard_map(lambda x: shrinkage_target(x, SETTINGS["shrinkage"], SETTINGS["axes"]),
                      mesh=mesh, in_specs=P("shard", "klass"), out_specs=P())
    return f(X)


if __name__ == "__main__":
    main(*inputs())
