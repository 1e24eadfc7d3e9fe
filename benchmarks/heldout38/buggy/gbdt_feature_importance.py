import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(33)
    gains = rng.uniform(size=(16, 8)).astype(np.float32)
    hess = rng.uniform(0.5, 1.0, size=(16,)).astype(np.float32)
    return gains, hess


class FeatureImportance:
    kinds = ("gain", "cover")

    def __init__(self, importance_type="gain", axes=("features", "workers")):
        assert importance_type in self.kinds
        self.importance_type = importance_type
        self.axes = axes

    def __call__(self, gains, hess):
        per_feature = jax.lax.psum(gains.sum(axis=0), self.axes[1])
        cover = jax.lax.psum(hess.sum(), self.axes)
        return per_feature / cover


def main(gains, hess):
    mesh = jax.make_mesh((2, 4), ("workers", "features"))
    gains = jax.device_put(gains, NamedSharding(mesh, P("workers", "features")))
    hess = jax.device_put(hess, NamedSharding(mesh, P("workers")))
    imp = FeatureImportance()
    f = jax.shard_map(imp, mesh=mesh, in_specs=(P("workers", "features"), P("workers")),
                      out_specs=P("features"))
    return f(gains, hess)


if __name__ == "__main__":
    main(*inputs())
