"""Served QPS per replica, averaged over the fleet; axes come from the deployment env."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FLEET_AXES = tuple(os.environ.get("SERVING_MESH_AXES", "replica,slot").split(","))
WINDOW_S = 60.0


def replica_qps(done, slot_axis):
    return jax.lax.psum(jnp.sum(done), slot_axis) / WINDOW_S


def fleet_qps(done):
    qps = replica_qps(done, FLEET_AXES[-1])
    return jax.lax.pmean(qps, FLEET_AXES)


def inputs():
    rng = np.random.default_rng(12)
    return (rng.poisson(30, size=(4, 8)).astype(np.float32),)


def main(done):
    mesh = jax.make_mesh((4, 2), FLEET_AXES)
    done = jax.device_put(done, NamedSharding(mesh, P(*FLEET_AXES)))
    fn = jax.shard_map(fleet_qps, mesh=mesh, in_specs=P(*FLEET_AXES), out_specs=P())
    return fn(done)


if __name__ == "__main__":
    print(main(*inputs()))
