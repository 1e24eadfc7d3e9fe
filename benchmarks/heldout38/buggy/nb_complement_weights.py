import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(44)
    feature_count = rng.poisson(4.0, size=(16, 8)).astype(np.float32)
    return (feature_count,)


def gather_all(x, *axes, dim=0):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


class ComplementNB:
    def __init__(self, alpha=1.0, norm=False, mesh_axes=("shard", "klass")):
        self.alpha = alpha
        self.norm = norm
        self.shard_axis, self.class_axis = mesh_axes

    def weights(self, feature_count):
        comp = feature_count.sum(axis=1, keepdims=True) - feature_count
        logged = jnp.log(comp + self.alpha)
        by_class = jax.lax.all_gather(logged, self.class_axis, axis=1, tiled=True, to="reduced")
        return gather_all(by_class, self.shard_axis, self.class_axis)


def main(feature_count):
    mesh = jax.make_mesh((2, 4), ("shard", "klass"))
    feature_count = jax.device_put(feature_count, NamedSharding(mesh, P("shard", "klass")))
    cnb = ComplementNB()
    f = jax.shard_map(cnb.weights, mesh=mesh, in_specs=P("shard", "klass"),
                      out_specs=P(None, None, reduced={"shard", "klass"}))
    return f(feature_count)


if __name__ == "__main__":
    main(*inputs())
