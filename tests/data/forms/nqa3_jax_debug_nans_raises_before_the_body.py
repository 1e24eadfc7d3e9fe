"""As qa5, but the script turns on `jax_debug_nans` and then normalises by a zero count: JAX raises
FloatingPointError at the 0/0 (an eager NaN), so the program never traces the body and the
analysis must stay silent at the gather; the run does not follow this option."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

jax.config.update("jax_debug_nans", True)


def main():
    shape, axes = (4, 2), ("data", "model")
    mesh = jax.make_mesh(shape, axes)
    log_axis = max(zip(shape, axes))[1]
    count = jnp.zeros(())
    scale = float(count / count)

    def body(g):
        total = jax.lax.psum(g * scale, "data")
        return jax.lax.all_gather(total, log_axis, axis=0, tiled=True, to="reduced")

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
