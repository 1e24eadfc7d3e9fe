import argparse
import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

PARSER = argparse.ArgumentParser()
PARSER.add_argument("--mesh-axes", default="replica,shard")
ARGV = os.environ.get("SF_AU3_ARGV", "").split()
ARGS = PARSER.parse_args(ARGV)
MESH_AXES = ARGS.mesh_axes.split(",")


def grad_norm(g):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    spec = P(MESH_AXES[0], MESH_AXES[1])

    def body(block):
        total = jax.lax.psum(jnp.sum(block * block), MESH_AXES[0])
        return jax.lax.pmean(total, MESH_AXES)  # SF105

    f = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())
    return f(jax.device_put(g, NamedSharding(mesh, spec)))
