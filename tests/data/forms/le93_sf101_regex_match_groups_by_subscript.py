"""A reduction plan `"j->j"` is parsed by a regex and read by subscript (`m["sum"]`, `m[2]`, as
`m.group(...)`): the gather is over the axis the psum just summed."""
import re

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = "j->j"


def main():
    m = re.fullmatch(r"(?P<sum>\w+)->(\w+)", PLAN)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, m["sum"])
        return jax.lax.all_gather(total, m[2], axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)


if __name__ == "__main__":
    main()
