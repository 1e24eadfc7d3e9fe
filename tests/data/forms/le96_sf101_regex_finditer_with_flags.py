"""`re.finditer` over a step line with `re.IGNORECASE`: the upper-case `GATHER=j` matches, and the
gather is over the psum's "j"."""
import re

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STEP = "SUM=j GATHER=j"


def main():
    found = {m.group(1).lower(): m.group(2) for m in re.finditer(r"(\w+)=(\w+)", STEP, re.IGNORECASE)}
    gathers = [m[1] for m in re.finditer(r"gather=(\w)", STEP, re.I)]
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, found["sum"])
        return jax.lax.all_gather(total, gathers[0], axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)


if __name__ == "__main__":
    main()
