"""Actor-learner split: the learner publishes its sharded policy weights with a version stamp."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class TopologyConfig:
    actor_axis: str = "actor"
    param_axis: str = "param"
    mesh_shape: tuple = (2, 4)


class Learner:
    def __init__(self, topo: TopologyConfig, mesh):
        self.topo = topo
        spec = P(None, topo.param_axis)
        self.publish = jax.jit(jax.shard_map(
            self._publish, mesh=mesh, in_specs=spec,
            out_specs=(P(None, None, reduced={topo.param_axis}), P())))

    def _publish(self, weights):
        stamp = jax.lax.pmax(jnp.abs(weights).sum(), self.topo.param_axis)
        full = jax.lax.all_gather(weights, self.topo.param_axis, axis=1, tiled=True, to="reduced")
        return full, stamp


def inputs():
    rng = np.random.default_rng(16)
    return (rng.normal(size=(4, 8)).astype(np.float32),)


def main(weights):
    topo = TopologyConfig()
    mesh = jax.make_mesh(topo.mesh_shape, (topo.actor_axis, topo.param_axis))
    weights = jax.device_put(weights, NamedSharding(mesh, P(None, topo.param_axis)))
    learner = Learner(topo, mesh)
    published, stamp = learner.publish(weights)
    return published, stamp


if __name__ == "__main__":
    main(*inputs())
