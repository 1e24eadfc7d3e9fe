"""On a mesh of Auto axes shard_map reshards a NumPy input itself: the body runs and its psum
over two axes the value is in different states on raises (run on jax 0.10.2)."""
import numpy as np
import jax
from jax.sharding import AxisType, PartitionSpec as P


def body(x):
    return jax.lax.psum(x, ("data", "model"))  # SF105


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
    step = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())
    return step(np.ones((8, 4), np.float32))


if __name__ == "__main__":
    main()
