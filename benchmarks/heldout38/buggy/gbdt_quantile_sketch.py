import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SKETCH_AXES = ["features", "workers"]
QUANTILES = (0.25, 0.5, 0.75)


def inputs():
    rng = np.random.default_rng(34)
    return (rng.gamma(2.0, size=(16, 8)).astype(np.float32),)


def local_quantiles(X):
    return jnp.quantile(X, jnp.asarray(QUANTILES), axis=0)


def merge_sketches(X):
    q = local_quantiles(X)
    by_worker = jax.lax.all_gather(q, SKETCH_AXES[1], axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(by_worker, tuple(SKETCH_AXES), axis=1, tiled=True, to="reduced")


def main(X):
    mesh = jax.make_mesh((2, 4), ("workers", "features"))
    X = jax.device_put(X, NamedSharding(mesh, P("workers", "features")))
    f = jax.shard_map(merge_sketches, mesh=mesh, in_specs=P("workers", "features"),
                      out_specs=P(None, None, reduced={"workers", "features"}))
    return f(X)


if __name__ == "__main__":
    main(*inputs())
