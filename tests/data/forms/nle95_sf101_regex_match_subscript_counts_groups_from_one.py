"""`m[1]` is the first group ("i"), not the second: `m[0]` is the whole match. The gather is over
"i", on which the j-summed block still varies."""
import re

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = "i,j"


def main():
    m = re.fullmatch(r"(\w+),(\w+)", PLAN)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, m[1], axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)


if __name__ == "__main__":
    main()
