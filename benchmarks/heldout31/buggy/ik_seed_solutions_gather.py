"""Multi-seed IK: the best joint solution per arm, then the whole table for the planner."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = {"arm": 2, "seed": 4}


class SolutionTable:
    def __init__(self, mesh):
        self.arm_axis, self.seed_axis = mesh.axis_names

    def seeds(self, q):
        return jax.lax.all_gather(q, self.seed_axis, to="reduced", tiled=True)

    def for_planner(self, q):
        per_arm = self.seeds(jnp.remainder(q + jnp.pi, 2 * jnp.pi) - jnp.pi)
        axes = (self.arm_axis, self.seed_axis)
        return jax.lax.all_gather(per_arm, axes, to="reduced", tiled=True)


def inputs():
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))
    q = jnp.linspace(-4.0, 4.0, 8 * 8 * 7, dtype=jnp.float32).reshape(8, 8, 7)
    return mesh, jax.device_put(q, NamedSharding(mesh, P(*MESH_SHAPE, None)))


def main(mesh, q):
    table = SolutionTable(mesh)
    return jax.shard_map(table.for_planner, mesh=mesh, in_specs=P(*mesh.axis_names, None),
                         out_specs=P(None, None, None, reduced=set(mesh.axis_names)))(q)
