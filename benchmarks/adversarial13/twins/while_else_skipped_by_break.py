"""while/else: the wide fallback in else is skipped when the loop breaks."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def pick(candidates):
    index = 0
    while index < len(candidates):
        if len(candidates[index]) == 3:
            found = candidates[index]
            break
        index += 1
    else:
        found = ("i", "j")
    return found


def main(mesh, x):
    axes = pick([("i", "j"), ("i",)])

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
