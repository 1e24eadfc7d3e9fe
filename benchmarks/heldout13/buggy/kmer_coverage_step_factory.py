"""Genome coverage: read depth per window summed over lanes, then the mean depth of the whole
run. The step is built by a factory that closes over the mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def make_coverage_step(mesh, window=4):
    lane_axis = mesh.axis_names[-1]

    def step(depth):
        per_window = depth.reshape(depth.shape[0], -1, window).sum(-1)
        lane_total = jax.lax.psum(per_window.sum(), lane_axis)
        mean_depth = jax.lax.psum(lane_total, mesh.axis_names) / depth.size
        return per_window, mean_depth

    return jax.shard_map(step, mesh=mesh, in_specs=P(*mesh.axis_names),
                         out_specs=(P(*mesh.axis_names), P()))


def main(depth, mesh):
    depth = jax.device_put(depth, NamedSharding(mesh, P(*mesh.axis_names)))
    return make_coverage_step(mesh)(depth)


def inputs():
    mesh = jax.make_mesh((2, 4), ("chrom", "lane"))
    return jax.random.poisson(jax.random.key(9), 30.0, (4, 64)).astype(jnp.float32), mesh
