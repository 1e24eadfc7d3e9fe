"""As hd1, but the probe asks for `shape`, which a Device lacks: the one axis is taken."""

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    sync = ("i", "j") if hasattr(jax.devices()[0], "shape") else ("i",)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, sync)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
