"""Data-parallel axes may be none at all (CPU debugging): the spec then replicates and the syncs are no-ops."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class Parallelism:
    dp_axes: tuple = ()


def inputs():
    return Parallelism(), jax.make_mesh((8,), ("devices",)), np.arange(16, dtype=np.float32).reshape(8, 2)


def main(par, mesh, g):
    spec = P(par.dp_axes[0]) if par.dp_axes else P()
    g = jax.device_put(g, NamedSharding(mesh, spec))

    def sync(g):
        total = jax.lax.psum(g, par.dp_axes)
        return jax.lax.all_gather(total, par.dp_axes, to="reduced", tiled=True)

    return jax.shard_map(sync, mesh=mesh, in_specs=spec, out_specs=spec)(g)


if __name__ == "__main__":
    print(main(*inputs()))
