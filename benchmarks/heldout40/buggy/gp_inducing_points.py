"""Sparse variational GP: the inducing-point set assembled on every device."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class InducingSet:
    def __init__(self, *, point_axis="data", feature_axis="feat"):
        self.point_axis = point_axis
        self.feature_axis = feature_axis

    def features(self, z):
        return jax.lax.all_gather(z, self.feature_axis, axis=1, tiled=True, to="reduced")

    def full(self, z):
        rows = self.features(z)
        return jax.lax.all_gather(rows, axis_name=(self.point_axis, self.feature_axis),
                                  axis=0, tiled=True, to="reduced")


def inputs():
    z = np.random.default_rng(21).normal(size=(8, 16)).astype(np.float32)
    return (z,)


def main(z):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    z = jax.device_put(z, NamedSharding(mesh, P("data", "feat")))
    inducing = InducingSet()
    full = jax.shard_map(inducing.full, mesh=mesh, in_specs=P("data", "feat"),
                         out_specs=P(None, None, reduced={"data", "feat"}))
    return full(z)


if __name__ == "__main__":
    main(*inputs())
