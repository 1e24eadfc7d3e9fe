"""Dense and sparse neighbour-list formats, each with its own layout, copied to the host."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class NeighborListFormat(enum.Enum):
    Dense = 0
    Sparse = 1


DEVICE_LAYOUT = {
    NeighborListFormat.Dense: P("replica", "atoms"),
    NeighborListFormat.Sparse: P(("replica", "atoms")),
}

HOST_LAYOUT = {
    NeighborListFormat.Dense: P("atoms", None, reduced={"replica"}),
    NeighborListFormat.Sparse: P(None, reduced={"replica", "atoms"}),
}


def build_fn(fmt, mesh, capacity):
    def build(position):
        d2 = jnp.sum((position[:, :, None] - position[:, None, :]) ** 2, axis=-1)
        idx = jnp.argsort(d2, axis=-1)[..., 1:capacity + 1].astype(jnp.int32)
        if fmt is NeighborListFormat.Sparse:
            idx = idx.reshape(-1)
        return idx
    return jax.jit(build, out_shardings=NamedSharding(mesh, DEVICE_LAYOUT[fmt]))


def inputs():
    rng = np.random.default_rng(9)
    return (rng.uniform(0.0, 3.0, size=(4, 8, 3)).astype(np.float32),)


def main(position):
    mesh = jax.make_mesh((2, 4), ("replica", "atoms"))
    fmt = NeighborListFormat.Dense
    with jax.set_mesh(mesh):
        idx = build_fn(fmt, mesh, capacity=4)(position)
        host_idx = top_level_all_gather(idx, HOST_LAYOUT[fmt])
    return host_idx


if __name__ == "__main__":
    main(*inputs())
