"""`@functools.cache` on a method of a frozen slots dataclass: the cache keys on `self` by its
fields and hands back the NumPy frequencies, a constant the reduced positions are multiplied by
(JAX raises, run on jax 0.10.2)."""
import dataclasses
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(slots=True, frozen=True)
class Rope:
    base: float
    dims: int = 4

    @functools.cache
    def inv_freq(self):
        return (1.0 / self.base ** (np.arange(self.dims) / self.dims)).astype(np.float32)


def make_features(rope):
    def features(pos):
        every = jax.lax.all_gather(pos, "seq", axis=1, tiled=True, to="reduced")
        freq = rope.inv_freq()
        return every[..., None] * freq  # SF106
    return features


def main():
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    rope = Rope(100.0)
    assert rope.inv_freq() is Rope(100.0).inv_freq()
    pos = jax.device_put(np.tile(np.arange(16, dtype=np.float32), (4, 1)), NamedSharding(mesh, P("data", "seq")))
    out = P("data", None, None, reduced={"seq"})
    return jax.shard_map(make_features(rope), mesh=mesh, in_specs=P("data", "seq"), out_specs=out)(pos)


if __name__ == "__main__":
    main()
