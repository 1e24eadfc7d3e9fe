"""One Auto axis among Explicit ones is enough for shard_map to take a NumPy input it shards
over the Explicit axis: the body runs and its psum raises (run on jax 0.10.2)."""
import numpy as np
import jax
from jax.sharding import AxisType, PartitionSpec as P


def body(x):
    return jax.lax.psum(x, ("data", "model"))  # SF105


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Auto))
    step = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())
    return step(np.ones((8, 4), np.float32))


if __name__ == "__main__":
    main()
