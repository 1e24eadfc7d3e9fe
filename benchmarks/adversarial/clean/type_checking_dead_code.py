"""Lines reached only under TYPE_CHECKING / `if False` (stubs and a disabled experiment)."""
from typing import TYPE_CHECKING

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

if TYPE_CHECKING:
    def _stub_reduce(x):
        g = jax.lax.all_gather(x, "data", to="reduced")
        return jax.lax.psum(g, "data")

ENABLE_EXPERIMENT = False


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(block):
        s = jax.lax.psum(jnp.sum(block, axis=0), "data")
        if False:  # disabled: the old code path that summed over both axes
            s = jax.lax.psum(jnp.sum(block, axis=0), ("data", "model"))
        if ENABLE_EXPERIMENT:
            s = jax.lax.all_gather(s, "data", to="reduced")
        return s

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
