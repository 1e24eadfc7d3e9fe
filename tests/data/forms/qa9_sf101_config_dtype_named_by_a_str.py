"""A pyconfig-like loader turns the dtype key into a dtype, `jax.numpy.dtype(raw["dtype"])` of
"bfloat16" (JAX registers that type with NumPy when it is imported), and casts the input to it;
the log axis is the mesh's largest: the psum result, invariant over 'data', is gathered to
reduced over 'data'."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RAW = {"mesh_axes": ("data", "model"), "mesh_shape": (4, 2), "dtype": "bfloat16"}


def load(raw):
    keys = dict(raw)
    keys["dtype"] = jax.numpy.dtype(keys["dtype"])
    return keys


def main():
    cfg = load(RAW)
    mesh = jax.make_mesh(cfg["mesh_shape"], cfg["mesh_axes"])
    log_axis = max(zip(cfg["mesh_shape"], cfg["mesh_axes"]))[1]

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, log_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None))).astype(cfg["dtype"])
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
