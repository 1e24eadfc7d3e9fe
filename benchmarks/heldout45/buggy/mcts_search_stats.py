"""Batched MCTS: root value and visit statistics logged as means over the device mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SearchStats:
    def __init__(self, mesh):
        self.mesh_axes = tuple(mesh.axis_names)
        self.action_axis = self.mesh_axes[1]
        spec = P(*self.mesh_axes)
        self.fn = jax.jit(jax.shard_map(self.compute, mesh=mesh, in_specs=(spec, spec),
                                        out_specs={"root_visits": P(), "root_value": P()}))

    def compute(self, visits, q_values):
        den = jax.lax.psum(visits.sum(axis=-1), self.action_axis)
        num = (visits * q_values).sum(axis=-1)
        stats = {"root_visits": den, "root_value": num / den}
        return {k: jax.lax.pmean(v.mean(), self.mesh_axes) for k, v in stats.items()}


def inputs():
    rng = np.random.default_rng(30)
    return rng.integers(1, 6, size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(visits, q_values):
    mesh = jax.make_mesh((4, 2), ("batch", "action"))
    sharding = NamedSharding(mesh, P("batch", "action"))
    stats = SearchStats(mesh)
    return stats.fn(jax.device_put(visits, sharding), jax.device_put(q_values, sharding))


if __name__ == "__main__":
    main(*inputs())
