"""As ck9, but the base name asked for is the temporary directory's own: mkdtemp made it up (a
prefix and random letters), so the run does not spell it and stays silent."""
import os
import tempfile

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    with tempfile.TemporaryDirectory(prefix="ckpt_") as root:
        name = os.path.basename(os.path.dirname(os.path.join(root, "step_1")))
    sync = ("i", "j") if name.startswith("ckpt_") else ("i",)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
