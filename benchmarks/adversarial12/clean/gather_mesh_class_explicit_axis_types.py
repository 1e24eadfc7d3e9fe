"""jax.sharding.Mesh given axis_types=Explicit is an Explicit context mesh."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

from jax.sharding import AxisType, Mesh


def main(mesh, x):
    explicit = Mesh(np.array(jax.devices()).reshape(2, 4), ("i", "j"), axis_types=(AxisType.Explicit, AxisType.Explicit))
    with jax.set_mesh(explicit):
        a = jax.device_put(x, NamedSharding(explicit, P("i", None)))
        return top_level_all_gather(a, P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
