"""DTensor-like redistribute of a page-embedding table (Shard / Replicate placements to specs)."""
from dataclasses import dataclass

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("node", "local"))


@dataclass(frozen=True)
class Shard:
    dim: int


@dataclass(frozen=True)
class Replicate:
    pass


def to_spec(placements, ndim, partial_grad=False):
    dims = [[] for _ in range(ndim)]
    gathered = set()
    for axis, pl in zip(MESH.axis_names, placements):
        if isinstance(pl, Shard):
            dims[pl.dim].append(axis)
        else:
            gathered.add(axis)
    entries = [tuple(d) if len(d) > 1 else (d[0] if d else None) for d in dims]
    return P(*entries, reduced=gathered) if partial_grad else P(*entries)


class DTensor:
    def __init__(self, local, placements):
        self.placements = placements
        self.data = jax.device_put(local, NamedSharding(MESH, to_spec(placements, local.ndim)))

    def redistribute(self, placements):
        out = top_level_all_gather(self.data, to_spec(placements, self.data.ndim))
        return DTensor.__new__(DTensor)._set(out, placements)

    def _set(self, data, placements):
        self.data, self.placements = data, placements
        return self


def inputs():
    table = np.random.default_rng(63).normal(size=(8, 16)).astype(np.float32)
    return (DTensor(table, [Shard(0), Shard(1)]),)


def main(embed):
    with jax.set_mesh(MESH):
        rep = embed.redistribute([Replicate(), Shard(1)])
    print("redistributed:", rep.data.shape, rep.placements)


if __name__ == "__main__":
    main(*inputs())
