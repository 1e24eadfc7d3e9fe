"""Shannon entropy of alignment columns, averaged to one diversity figure per family."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class EntropyReport:
    def __init__(self, mesh):
        self.seq, self.col = mesh.axis_names
        self.axes = mesh.axis_names

    def column_entropy(self, msa):
        counts = jax.lax.psum(jax.nn.one_hot(msa, 21).sum(axis=0), self.seq)
        p = counts / counts.sum(axis=-1, keepdims=True)
        return -(p * jnp.log(p + 1e-9)).sum(axis=-1)

    def family_diversity(self, msa):
        h = self.column_entropy(msa)
        return jax.lax.psum(h.sum(), self.col)


def inputs():
    rng = np.random.default_rng(34)
    return (rng.integers(0, 21, size=(32, 16)).astype(np.int32),)


def main(msa):
    mesh = jax.make_mesh((4, 2), ("seq", "col"))
    msa = jax.device_put(msa, NamedSharding(mesh, P("seq", "col")))
    report = EntropyReport(mesh)
    f = jax.shard_map(report.family_diversity, mesh=mesh, in_specs=P("seq", "col"), out_specs=P())
    return f(msa)


if __name__ == "__main__":
    main(*inputs())
