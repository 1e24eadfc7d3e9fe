"""As ck8, but the loop appends the step of the match it named in the round before (read before
it is named again): which steps are kept depends on the order the names are listed in."""
import os
import re
import tempfile

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def all_steps(root):
    steps = []
    match = None
    for name in os.listdir(root):
        if match is not None:
            steps.append(int(match.group(1)))
        match = re.fullmatch(r"step_(\d+)", name)
    return sorted(steps)


def main():
    with tempfile.TemporaryDirectory() as root:
        for step in (4, 0, 2):
            os.makedirs(os.path.join(root, f"step_{step}"))
        steps = all_steps(root)
    sync = ("i", "j") if steps == [0, 2] else ("i",)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
