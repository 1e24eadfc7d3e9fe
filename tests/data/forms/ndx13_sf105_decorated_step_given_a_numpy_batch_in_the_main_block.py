"""A jitted shard_map step given a NumPy batch: rejected at the call (line 21, ValueError on jax
0.10.2, the mesh's axes Explicit by default), so the body line is never reached."""
from functools import partial

import numpy as np
import jax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("data"), out_specs=P())
def step(x):
    return jax.lax.psum(x, ("data", "model"))


def main():
    with jax.set_mesh(mesh):
        batch = np.arange(32, dtype=np.float32).reshape(8, 4)
        return step(batch)


if __name__ == "__main__":
    main()
