"""A NumPy array handed to a shard_map whose in_spec shards it, on a mesh made with Explicit axis
types: JAX rejects the call ("in_specs passed to shard_map: P('data', None) does not match the
specs of the input: P(None, None)", ValueError at line 20, run on jax 0.10.2); the psum over
both axes in the body would raise too, but the program never gets there."""
import numpy as np
import jax
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))


def body(x):
    return jax.lax.psum(x, ("data", "model"))


step = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())


def main():
    return step(np.ones((8, 4), np.float32))


if __name__ == "__main__":
    main()
