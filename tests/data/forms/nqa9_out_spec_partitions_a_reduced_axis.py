"""The out spec names 'data' both as a partition and as reduced: JAX's PartitionSpec raises
ValueError when it is made, before shard_map is called, so the gather of the psum result (which
the script run alone would find) is never traced and the analysis stays silent."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    shape, axes = (4, 2), ("data", "model")
    mesh = jax.make_mesh(shape, axes)
    log_axis = max(zip(shape, axes))[1]

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, log_axis, axis=0, tiled=True, to="reduced")

    out_spec = P(log_axis, None, reduced={log_axis})
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=out_spec)
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
