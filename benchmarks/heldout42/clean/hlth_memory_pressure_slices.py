"""HBM pressure monitor: bytes in use per slice, then a fleet-wide mean."""
import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("slice", "dev"))
FLEET_AXES = tuple(os.environ.get("HEALTH_FLEET_AXES", "slice").split(","))
DEVICE_AXIS = os.environ.get("HEALTH_DEVICE_AXIS", "dev")


def slice_bytes(buffers):
    return jax.lax.psum(jnp.sum(buffers), DEVICE_AXIS)


def fleet_pressure(buffers, capacity):
    used = slice_bytes(buffers)
    frac = used / capacity
    return jax.lax.pmean(frac, FLEET_AXES)


def inputs():
    b = jnp.full((4, 32), 1024.0, jnp.float32)
    return (jax.device_put(b, NamedSharding(MESH, P("slice", "dev"))), 1e6)


def main(buffers, capacity):
    return jax.shard_map(lambda b: fleet_pressure(b, capacity), mesh=MESH,
                         in_specs=P("slice", "dev"), out_specs=P())(buffers)


if __name__ == "__main__":
    main(*inputs())
