"""`zip(it, it)` over "j i" gives the one pair ("j", "i"), not ("j", "j") and ("i", "i"): the
block summed over "j" is gathered over "i", on which it varies."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = "j i"


def main():
    it = iter(PLAN.split())
    steps = list(zip(it, it))
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        summed, gathered = steps[0]
        total = jax.lax.psum(block, summed)
        return jax.lax.all_gather(total, gathered, axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)


if __name__ == "__main__":
    main()
