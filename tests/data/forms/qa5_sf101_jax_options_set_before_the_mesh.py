"""JAX options set first, as training scripts do (random bits, matmul precision, tracebacks,
compile logs, the PRNG implementation): none changes what runs before the body, so the script
run goes on past them; the log axis is the mesh's largest (`max` of (size, name) pairs), and the
psum result, invariant over 'data', is gathered to reduced over 'data'."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

jax.config.update("jax_threefry_partitionable", True)
jax.config.update("jax_default_matmul_precision", "highest")
jax.config.update("jax_traceback_filtering", "off")
jax.config.update("jax_log_compiles", False)
jax.config.update("jax_default_prng_impl", "unsafe_rbg")


def main():
    shape, axes = (4, 2), ("data", "model")
    mesh = jax.make_mesh(shape, axes)
    log_axis = max(zip(shape, axes))[1]

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, log_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
