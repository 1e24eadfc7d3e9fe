"""Rows counted after `np.roll`, which keeps its operand's shape: eight rows pick both axes, and
the loss, varying on "data" only, is psum'd over both."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = np.arange(32, dtype=np.float32).reshape(8, 4)
    shifted = np.roll(x, 1, axis=1)
    axes = ("data", "model") if len(shifted) == 8 else ("data",)
    step = jax.shard_map(lambda v: jax.lax.psum(jnp.mean(v ** 2), axes),  # SF105
                         mesh=mesh, in_specs=P("data", None), out_specs=P())
    return step(jax.device_put(shifted, NamedSharding(mesh, P("data", None))))


if __name__ == "__main__":
    main()
