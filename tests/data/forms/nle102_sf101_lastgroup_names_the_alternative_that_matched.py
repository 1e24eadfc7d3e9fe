"""`m.lastgroup` names the alternative that matched: "i>" is a `sum` token, so the psum is over "i"
and the gather over the `gather` token "j", on which the i-summed block still varies."""
import re

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = "i> j"
TOKENS = r"(?P<sum>\w)>|(?P<gather>\w)"


def main():
    kinds = {m.lastgroup: m.group(m.lastgroup) for m in re.finditer(TOKENS, PLAN)}
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, kinds["sum"])
        return jax.lax.all_gather(total, kinds["gather"], axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"j"}))(x)


if __name__ == "__main__":
    main()
