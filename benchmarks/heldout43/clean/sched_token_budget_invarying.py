"""Iteration-level (Orca-style) scheduler: the per-step token budget left on each replica."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class SchedulerConfig:
    max_num_batched_tokens: int = 2048
    max_num_seqs: int = 64
    replica_axis: str = "replica"
    slot_axis: str = "slot"


class Scheduler:
    def __init__(self, config: SchedulerConfig):
        self.config = config

    def _publish(self, remaining):
        return jax.lax.all_gather(remaining, self.config.slot_axis, axis=1, tiled=True, to="invarying")

    def step(self, prompt_lens, decode_mask):
        prefill = jnp.sum(prompt_lens, axis=1, keepdims=True)
        decode = jnp.sum(decode_mask, axis=1, keepdims=True)
        used = jax.lax.psum(prefill + decode, self.config.slot_axis)
        remaining = self.config.max_num_batched_tokens - used
        return self._publish(remaining)


def inputs():
    rng = np.random.default_rng(0)
    prompt_lens = rng.integers(0, 96, size=(8, 16)).astype(np.float32)
    decode_mask = (rng.random((8, 16)) < 0.5).astype(np.float32)
    return prompt_lens, decode_mask


def main(prompt_lens, decode_mask):
    config = SchedulerConfig()
    mesh = jax.make_mesh((2, 4), (config.replica_axis, config.slot_axis))
    spec = P(config.replica_axis, config.slot_axis)
    prompt_lens = jax.device_put(prompt_lens, NamedSharding(mesh, spec))
    decode_mask = jax.device_put(decode_mask, NamedSharding(mesh, spec))
    scheduler = Scheduler(config)
    step = jax.shard_map(
        scheduler.step,
        mesh=mesh,
        in_specs=(spec, spec),
        out_specs=P(config.replica_axis, None),
    )
    return step(prompt_lens, decode_mask)


if __name__ == "__main__":
    main(*inputs())
