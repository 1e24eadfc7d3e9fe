"""Genomics: count k-mers of sequencing reads sharded over `reads`; the k-mer space is split
over `bins`. The counter object keeps its axes and k."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class KmerCounter:
    def __init__(self, k=3, read_axis="reads", bin_axis="bins", n_bins=2):
        self.k, self.read_axis, self.bin_axis, self.n_bins = k, read_axis, bin_axis, n_bins

    @property
    def space(self):
        return 4 ** self.k

    def encode(self, reads):
        windows = [reads[:, i:reads.shape[1] - self.k + 1 + i] for i in range(self.k)]
        return sum(w * 4 ** (self.k - 1 - i) for i, w in enumerate(windows))

    def histogram(self, reads):
        codes = self.encode(reads)
        width = self.space // self.n_bins
        lo = jax.lax.axis_index(self.bin_axis) * width
        local = jax.nn.one_hot(codes - lo, width).sum(axis=(0, 1))
        return jax.lax.psum(local, self.read_axis)

    def share(self, counts):
        return jax.lax.all_gather(counts, self.read_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, reads):
        return self.share(self.histogram(reads)[None])


def main(reads, mesh):
    counter = KmerCounter()
    reads = jax.device_put(reads, NamedSharding(mesh, P(counter.read_axis)))
    fn = jax.shard_map(counter, mesh=mesh, in_specs=P(counter.read_axis),
                       out_specs=P(None, counter.bin_axis, reduced={counter.read_axis}))
    return fn(reads)


def inputs():
    mesh = jax.make_mesh((4, 2), ("reads", "bins"))
    return jax.random.randint(jax.random.key(5), (16, 20), 0, 4), mesh
