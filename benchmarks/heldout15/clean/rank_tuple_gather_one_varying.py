"""Candidate table gathered to reduced over both mesh axes; it varies on the candidate axis only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Scorer:
    axes = ("query", "cand")

    def table(self, c_shard):
        return jax.lax.all_gather(c_shard, self.axes, axis=0, tiled=True, to="reduced")

    def __call__(self, q, c_shard):
        return q @ self.table(c_shard).T


def inputs():
    q = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    c = np.linspace(1, -1, 64, dtype=np.float32).reshape(8, 8)
    return q, c


def main(q, c):
    scorer = Scorer()
    mesh = jax.make_mesh((2, 4), Scorer.axes)
    q = jax.device_put(q, NamedSharding(mesh, P()))
    c = jax.device_put(c, NamedSharding(mesh, P("cand", None)))
    f = jax.shard_map(scorer, mesh=mesh, in_specs=(P(), P("cand", None)), out_specs=P())
    return f(q, c)


if __name__ == "__main__":
    print(main(*inputs()))
