"""Optional pipeline axis: the reduced gather over it only happens when the mesh has that axis."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = os.environ.get("DATA_AXIS", "data")
PIPE = os.environ.get("PIPE_AXIS", "pipe")


def inputs():
    return jax.make_mesh((8,), (DATA,)), np.arange(16, dtype=np.float32).reshape(8, 2)


def main(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P(DATA)))
    has_pipe = PIPE in mesh.axis_names

    def body(x):
        total = jax.lax.psum(x, DATA)
        if has_pipe:
            total = jax.lax.all_gather(total, PIPE, to="reduced", tiled=True)
        return total * 2.0

    return jax.shard_map(body, mesh=mesh, in_specs=P(DATA), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
