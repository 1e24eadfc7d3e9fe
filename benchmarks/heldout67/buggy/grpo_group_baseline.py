"""GRPO: group-relative baselines; each prompt's completions are spread over the `gen` axis."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class MeshConfig:
    prompt_axis: str = "prompt"
    completion_axis: str = "gen"


@dataclasses.dataclass
class GRPOConfig:
    num_generations: int = 8
    epsilon: float = 0.2
    mesh: MeshConfig = dataclasses.field(default_factory=MeshConfig)


class GRPOTrainer:
    def __init__(self, mesh, args: GRPOConfig):
        self.mesh = mesh
        self.args = args

    def _group_sum(self, rewards):
        return jax.lax.psum(rewards, self.args.mesh.completion_axis)

    def _baseline(self, rewards):
        total = self._group_sum(rewards) / self.args.num_generations
        axis = self.args.mesh.completion_axis
        return jax.lax.all_gather(total, axis, axis=1, tiled=True, to="reduced")

    def compute_baselines(self, rewards):
        m = self.args.mesh
        fn = jax.shard_map(self._baseline, mesh=self.mesh, in_specs=P(m.prompt_axis, m.completion_axis),
                           out_specs=P(m.prompt_axis, None, reduced={m.completion_axis}))
        return fn(rewards)


def inputs():
    mesh = jax.make_mesh((2, 4), ("prompt", "gen"))
    rewards = jax.random.bernoulli(jax.random.key(1), 0.4, (4, 8)).astype(jnp.float32)
    return GRPOTrainer(mesh, GRPOConfig()), jax.device_put(rewards, NamedSharding(mesh, P("prompt", "gen")))


def main(trainer, rewards):
    return trainer.compute_baselines(rewards)


if __name__ == "__main__":
    main(*inputs())
