"""Multi-seed IK: every seed's joint solution collected into one table for the selector."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SOLVER_MESH = {"pose": 2, "joint": 4}


class SeedTable:
    def __init__(self, mesh_sizes=SOLVER_MESH):
        self.mesh = jax.make_mesh(tuple(mesh_sizes.values()), tuple(mesh_sizes))
        self.pose, self.joint = tuple(mesh_sizes)

    def _by_joint(self, q):
        return jax.lax.all_gather(q, self.joint, axis=1, tiled=True, to="reduced")

    def collect(self, q):
        rows = self._by_joint(q)
        return jax.lax.all_gather(rows, (self.joint, self.pose), axis=0, tiled=True, to="reduced")

    def build(self, q):
        spec = P(self.pose, self.joint)
        q = jax.device_put(q, NamedSharding(self.mesh, spec))
        return jax.shard_map(self.collect, mesh=self.mesh, in_specs=spec,
                             out_specs=P(None, None, reduced={self.pose, self.joint}))(q)


def inputs():
    return (np.linspace(-np.pi, np.pi, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(q):
    return SeedTable().build(q)


if __name__ == "__main__":
    main(*inputs())
