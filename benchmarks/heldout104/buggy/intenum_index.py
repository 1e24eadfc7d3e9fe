"""Mesh axes are indexed by an IntEnum of roles."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NAMES = ("data", "model")


class Role(enum.IntEnum):
    BATCH = 0
    HIDDEN = 1


GATHER_ROLE = Role.HIDDEN


def body(b):
    s = jax.lax.psum(b, NAMES[Role.HIDDEN])
    axis = NAMES[GATHER_ROLE]
    return jax.lax.all_gather(s, axis, axis=0, tiled=True, to="reduced")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", reduced={"model"}))
    return jax.jit(f)(x)


if __name__ == "__main__":
    main()
