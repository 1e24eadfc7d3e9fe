import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_BINS = 4


def inputs():
    rng = np.random.default_rng(30)
    bins = rng.integers(0, N_BINS, size=(16, 8)).astype(np.int32)
    grad = rng.normal(size=(16,)).astype(np.float32)
    return bins, grad


class HistogramBuilder:
    def __init__(self, n_bins, worker_axis="workers"):
        self.n_bins = n_bins
        self.worker_axis = worker_axis

    def local(self, bins, grad):
        onehot = jax.nn.one_hot(bins, self.n_bins, dtype=grad.dtype)
        return jnp.einsum("nfb,n->fb", onehot, grad)

    def gather(self, hist):
        return jax.lax.all_gather(hist, self.worker_axis, to="reduced")

    def merge(self, stacked):
        every = jax.lax.all_gather(stacked, self.worker_axis, axis=0, tiled=True, to="invarying")
        return every.sum(axis=0)

    def __call__(self, bins, grad):
        return self.merge(self.gather(self.local(bins, grad)))


def main(bins, grad):
    mesh = jax.make_mesh((2, 4), ("workers", "features"))
    bins = jax.device_put(bins, NamedSharding(mesh, P("workers", "features")))
    grad = jax.device_put(grad, NamedSharding(mesh, P("workers")))
    builder = HistogramBuilder(N_BINS)
    f = jax.shard_map(builder, mesh=mesh, in_specs=(P("workers", "features"), P("workers")),
                      out_specs=P("features", None))
    return f(bins, grad)


if __name__ == "__main__":
    main(*inputs())
