"""Path-integral weights of the sampled control sequences, gathered for the plan update."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("sample", "step"))


def gather_weights(w, axes):
    return jax.lax.all_gather(w, axes, axis=0, tiled=True, to="reduced")


class PathIntegralWeights:
    def __init__(self, mesh):
        self.sample, self.step = mesh.axis_names
        self.mesh = mesh

    def __call__(self, stage_costs):
        per_step = jnp.exp(-stage_costs)
        by_step = gather_weights(per_step, self.step)
        return gather_weights(by_step, (self.sample, self.step))

    def run(self, stage_costs):
        spec = P(self.sample, self.step)
        x = jax.device_put(stage_costs, NamedSharding(self.mesh, spec))
        return jax.shard_map(self, mesh=self.mesh, in_specs=spec,
                             out_specs=P(None, None, reduced={self.sample, self.step}))(x)


def inputs():
    return (np.linspace(0.0, 2.0, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(stage_costs):
    return PathIntegralWeights(MESH).run(stage_costs)


if __name__ == "__main__":
    main(*inputs())
