"""Lagged queue-depth features across tick shards (lob-features)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PIPELINE = {
    "mesh": {"sym": 4, "tick": 2},
    "lag": {"axis": "tick", "depth_levels": 4},
}


class Lagger:
    def __init__(self, axis, n_shards, levels):
        self.axis = axis
        self.n_shards = n_shards
        self.levels = levels

    @property
    def perm(self):
        return [(i, (i + 1) % self.n_shards) for i in range(self.n_shards)]

    def depth_profile(self, book):
        depth = book[..., : self.levels].sum(axis=-1)
        return jax.lax.all_gather(depth, self.axis, axis=1, tiled=True, to="reduced")

    def shift(self, prof):
        return jax.lax.ppermute(prof, self.axis, perm=self.perm)

    def __call__(self, book):
        prev = self.shift(book[..., : self.levels].sum(axis=-1))
        prof = self.depth_profile(book)
        return prof[:, :4], prev


def inputs():
    rng = np.random.default_rng(103)
    return (rng.integers(0, 1000, size=(8, 16, 6)).astype(np.float32),)


def main(book):
    spec = PIPELINE["mesh"]
    mesh = jax.make_mesh(tuple(spec.values()), tuple(spec))
    book = jax.device_put(book, NamedSharding(mesh, P("sym", "tick", None)))
    lag = Lagger(PIPELINE["lag"]["axis"], spec["tick"], PIPELINE["lag"]["depth_levels"])
    head, prev = jax.shard_map(lag, mesh=mesh, in_specs=P("sym", "tick", None),
                               out_specs=(P("sym", None, reduced={"tick"}), P("sym", "tick")))(book)
    print(head.shape, prev.shape)
    return prev


if __name__ == "__main__":
    main(*inputs())
