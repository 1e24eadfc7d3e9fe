"""(1,) then (True,): equal tuples, one trace on 0.10.2 (run); SYNC widened between calls is never read."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

import functools
SYNC = ["i"]


@functools.partial(jax.jit, static_argnums=(1, 2))
def step(x, mesh, flags):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, tuple(SYNC))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    step(x, mesh, (7,))
    SYNC.append("j")
    return step(x, mesh, (True,))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
