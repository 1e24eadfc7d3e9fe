import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(63)
    reach = rng.uniform(0.1, 2.0, size=(16, 8)).astype(np.float32)
    return (reach,)


def local_reachability(reach, k):
    return k / reach.sum(axis=1)


class LocalOutlierFactor:
    def __init__(self, n_neighbors=8, contamination=0.1, index_axis="index"):
        self.n_neighbors = n_neighbors
        self.contamination = contamination
        self.index_axis = index_axis

    def lrd_all(self, reach):
        lrd = local_reachability(reach, float(self.n_neighbors))
        return jax.lax.all_gather(lrd, self.index_axis, tiled=True, to="reduced")

    def negative_outlier_factor(self, reach):
        lrd = self.lrd_all(reach)
        inverse = 1.0 / lrd
        return -inverse


def main(reach):
    mesh = jax.make_mesh((2, 4), ("query", "index"))
    reach = jax.device_put(reach, NamedSharding(mesh, P("query", "index")))
    lof = LocalOutlierFactor()
    body = functools.partial(lof.negative_outlier_factor)
    f = jax.shard_map(body, mesh=mesh, in_specs=P("query", "index"), out_specs=P("query"))
    return f(reach)


if __name__ == "__main__":
    main(*inputs())
