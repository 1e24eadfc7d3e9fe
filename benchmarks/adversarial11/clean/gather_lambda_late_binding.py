"""Lambdas made in a comprehension all see the loop name's last value: every placer places by rows."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = [P(("i", "j"), None), P("i", None)]


def main(mesh, x):
    placers = [lambda a: jax.device_put(a, NamedSharding(mesh, s)) for s in SPECS]
    with jax.set_mesh(mesh):
        a = placers[0](x)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
