"""out_specs naming reduced axes of a mesh whose axes are Auto: JAX rejects the call before the
body is traced (line 15, ValueError, run on jax 0.10.2), so the body's psum is never reached."""
import numpy as np
import jax
from jax.sharding import AxisType, PartitionSpec as P


def body(x):
    return jax.lax.psum(x, ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
    step = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P(reduced={"data"}))
    return step(np.ones((8, 4), np.float32))


if __name__ == "__main__":
    main()
