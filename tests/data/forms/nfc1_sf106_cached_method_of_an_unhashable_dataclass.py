"""The same cached method on a dataclass that is not frozen: its `__hash__` is None, so the
cache raises TypeError at `rope.inv_freq()` (line 25, run on jax 0.10.2) and the product is never
reached."""
import dataclasses
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(slots=True)
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
        return every[..., None] * freq
    return features


def main():
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    rope = Rope(100.0)
    rope.base = 100.0
    pos = jax.device_put(np.tile(np.arange(16, dtype=np.float32), (4, 1)), NamedSharding(mesh, P("data", "seq")))
    out = P("data", None, None, reduced={"seq"})
    return jax.shard_map(make_features(rope), mesh=mesh, in_specs=P("data", "seq"), out_specs=out)(pos)


if __name__ == "__main__":
    main()
