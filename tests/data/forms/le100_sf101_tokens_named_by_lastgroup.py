"""A reduction plan tokenised by `re.finditer` over named alternatives: each token's kind is
`m.lastgroup`, and the text after the plan's `;` (found by `m.span()`) is the gather axis, the
axis the psum just summed."""
import re

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = "j> ; j"
TOKENS = r"(?P<sum>\w)>|(?P<gather>\w)|(?P<end>;)"


def main():
    kinds = {}
    for m in re.finditer(TOKENS, PLAN):
        kinds.setdefault(m.lastgroup, m.group(m.lastgroup))
        if m.lastgroup == "end":
            rest = PLAN[m.span()[1]:].strip()
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        total = jax.lax.psum(block, kinds["sum"])
        return jax.lax.all_gather(total, rest, axis=1, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)


if __name__ == "__main__":
    main()
