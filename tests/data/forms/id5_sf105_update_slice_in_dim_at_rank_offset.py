"""A block written into a zero buffer at a rank's offset along "j" by
`lax.dynamic_update_slice_in_dim` (a start that varies on "j"): the buffer varies on "i" (the
block) and "j" (the start); averaged over "i", it is invariant there and varying on "j", and the
reduce-scatter over both axes raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(x):
    buffer = jnp.zeros((8, 4), jnp.float32)
    start = jax.lax.axis_index("j") * 2
    buffer = jax.lax.dynamic_update_slice_in_dim(buffer, x, start, axis=0)
    buffer = jax.lax.pmean(buffer, "i")
    return jax.lax.psum_scatter(buffer, ("i", "j"), scatter_dimension=0, tiled=True)  # SF105


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("i", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P(("i", "j"), None))(x)


if __name__ == "__main__":
    main()
