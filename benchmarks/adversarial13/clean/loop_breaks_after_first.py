"""the loop breaks after the first candidate (its result is positive): the second candidate (a sum over both axes) is never traced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


CANDIDATES = [("i",), ("i", "j")]


def reduce_with(mesh, x, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    for axes in CANDIDATES:
        out = reduce_with(mesh, x, axes)
        if out.sum() > 0:
            break
    return out


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
