"""`make_mesh`'s axes are Explicit by default (jax >= 0.9.0); jitted and under `jax.set_mesh`
alike, JAX rejects a NumPy input whose in_spec shards it, at the call (line 16, ValueError, run on
jax 0.10.2): the body's psum is never traced."""
import numpy as np
import jax
from jax.sharding import PartitionSpec as P


def body(x):
    return jax.lax.psum(x, ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        return jax.jit(jax.shard_map(body, in_specs=P("data"), out_specs=P()))(np.ones((8, 4), np.float32))


if __name__ == "__main__":
    main()
