"""Per-step token-budget accounting for a continuous-batching serving engine."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class ParallelConfig:
    data_parallel_axis: str = "replica"
    tensor_parallel_axis: str = "tensor"


@dataclass
class EngineConfig:
    max_num_batched_tokens: int = 2048
    parallel: ParallelConfig = field(default_factory=ParallelConfig)


MESH = jax.make_mesh((4, 2), ("replica", "tensor"))


class LLMEngine:
    def __init__(self, config: EngineConfig):
        self.config = config
        self.dp = config.parallel.data_parallel_axis
        self.tp = config.parallel.tensor_parallel_axis

    def _publish(self, used):
        return jax.lax.all_gather(used, self.dp, to="invarying", tiled=True)

    def step_stats(self, scheduled_tokens):
        used = jnp.sum(scheduled_tokens, axis=0, keepdims=True)
        used = jax.lax.psum(used, self.dp)
        return self._publish(used)

    def build(self):
        return jax.shard_map(
            self.step_stats, mesh=MESH,
            in_specs=P(self.dp, self.tp),
            out_specs=P(None, self.tp),
        )


def inputs():
    tokens = jnp.arange(16 * 4, dtype=jnp.float32).reshape(16, 4) % 97
    return (jax.device_put(tokens, NamedSharding(MESH, P("replica", "tensor"))),)


def main(scheduled_tokens):
    engine = LLMEngine(EngineConfig())
    return engine.build()(scheduled_tokens)
