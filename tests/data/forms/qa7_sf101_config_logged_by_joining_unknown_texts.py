"""The config is logged as one line, `", ".join(f"{k}={v}" for k, v in raw.items())`: a tuple's
text is one the run does not print exactly, so the line is an unknown str (joining strs raises
nothing) and the run goes on; the log axis comes from the parsed config: the psum result,
invariant over 'data', is gathered to reduced over 'data'."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RAW = {"mesh_axes": ("data", "model"), "mesh_shape": (4, 2)}


def describe(raw):
    line = ", ".join(f"{k}={v}" for k, v in raw.items())
    print("config:", line)
    return max(zip(raw["mesh_shape"], raw["mesh_axes"]))[1]


def main():
    log_axis = describe(RAW)
    mesh = jax.make_mesh(RAW["mesh_shape"], RAW["mesh_axes"])

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, log_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
