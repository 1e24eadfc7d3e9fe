"""`np.roll` along axis 2 of a 2-D array raises (AxisError, a ValueError), caught: the rows then
pick "data" alone. The run gives no shape to the failing roll: silent."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = np.arange(32, dtype=np.float32).reshape(8, 4)
    try:
        shifted = np.roll(x, 1, axis=2)
        axes = ("data", "model") if len(shifted) == 8 else ("data",)
    except ValueError:
        shifted, axes = x, ("data",)
    step = jax.shard_map(lambda v: jax.lax.psum(jnp.mean(v ** 2), axes),
                         mesh=mesh, in_specs=P("data", None), out_specs=P())
    return step(jax.device_put(shifted, NamedSharding(mesh, P("data", None))))


if __name__ == "__main__":
    main()
