"""Without flags `re.finditer` is case-sensitive: `GATHER=j` does not match, so the first gather is
the lower-case `gather=i`, on which the j-summed block varies."""
import re

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STEP = "GATHER=j gather=i"


def main():
    gathers = [m[1] for m in re.finditer(r"gather=(\w)", STEP)]
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, gathers[0], axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)


if __name__ == "__main__":
    main()
