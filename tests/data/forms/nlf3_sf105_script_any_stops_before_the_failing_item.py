"""any() stops at the first true check: the failing second mode is never traced."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODES = ["loose", "strict"]
AXES = {"strict": ("i", "j"), "loose": ("i",)}


def check(mesh, x, mode):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, AXES[mode])

    jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    return mode == "loose"


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return any(check(mesh, x, mode) for mode in MODES)


if __name__ == "__main__":
    main()
