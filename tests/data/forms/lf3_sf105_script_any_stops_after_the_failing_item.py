"""any() over a generator of checks: the first check traces a failing step before any() decides."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODES = ["strict", "loose"]
AXES = {"strict": ("i", "j"), "loose": ("i",)}


def check(mesh, x, mode):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, AXES[mode])  # SF105

    jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    return mode == "strict"


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return any(check(mesh, x, mode) for mode in MODES)


if __name__ == "__main__":
    main()
