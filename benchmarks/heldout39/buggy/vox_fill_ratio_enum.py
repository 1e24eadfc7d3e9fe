import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    SCENE = "scene"
    GRID = "grid"


ALL_AXES = tuple(a.value for a in Axis)


def fill_ratio(occ):
    filled = jax.lax.psum(occ.sum(), Axis.GRID.value)
    total = occ.size * jax.lax.psum(1, Axis.GRID.value)
    ratio = filled / total
    return jax.lax.pmean(ratio, ALL_AXES)


def inputs():
    rng = np.random.default_rng(14)
    return ((rng.random(size=(4, 16)) > 0.7).astype(np.float32),)


def main(occ):
    mesh = jax.make_mesh((2, 4), ALL_AXES)
    occ = jax.device_put(occ, NamedSharding(mesh, P(*ALL_AXES)))
    ratio = jax.shard_map(fill_ratio, mesh=mesh, in_specs=P(*ALL_AXES), out_specs=P())(occ)
    print("fill ratio", float(ratio))
    return ratio


if __name__ == "__main__":
    main(*inputs())
