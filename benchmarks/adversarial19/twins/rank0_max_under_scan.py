"""max() of the rank-0 carry under lax.scan: a tracer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


PICKED = []


def note(loss):
    try:
        PICKED.append(("i", "j") if max(loss, 0.0) > 1.0 else ("i", "j"))
    except TypeError:  # a tracer under vmap: its truth raises
        PICKED.append(("i",))
    return loss


def main(mesh, x):
    note(jnp.float32(2.0))
    axes = PICKED[0]
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
