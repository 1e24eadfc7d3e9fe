"""A reusable 'gather for the backward pass' helper that makes its input varying first when needed."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = os.environ.get("FSDP_AXIS", "fsdp")


def gather_reduced(v, axis):
    if False:
        v = jax.lax.pcast(v, axis, to="varying")
    return jax.lax.all_gather(v, axis, to="reduced", tiled=True)


def inputs():
    return (np.arange(16, dtype=np.float32).reshape(8, 2),)


def main(w):
    mesh = jax.make_mesh((8,), (AXIS,))
    w = jax.device_put(w, NamedSharding(mesh, P(AXIS)))

    def body(w):
        total = jax.lax.psum(w, AXIS)
        return gather_reduced(total, AXIS)

    out = jax.shard_map(body, mesh=mesh, in_specs=P(AXIS), out_specs=P(None, reduced={AXIS}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
