"""Multi-LoRA serving (S-LoRA-like): per-adapter request counts for the adapter cache."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("adapter", "tp"))


@dataclass
class LoRAConfig:
    max_loras: int = 4
    max_rank: int = 8
    adapter_axis: str = "adapter"


class AdapterCache:
    def __init__(self, lora_config: LoRAConfig):
        self.cfg = lora_config

    def usage(self, adapter_ids):
        one_hot = jax.nn.one_hot(adapter_ids, self.cfg.max_loras).sum(axis=0)
        total = jax.lax.psum(one_hot, self.cfg.adapter_axis)
        return jax.lax.all_gather(total[None], self.cfg.adapter_axis, tiled=True, to="reduced")


def inputs():
    ids = jnp.arange(16 * 2, dtype=jnp.int32).reshape(16, 2) % 4
    return (jax.device_put(ids, NamedSharding(MESH, P("adapter", "tp"))),)


def main(adapter_ids):
    cache = AdapterCache(LoRAConfig())
    return jax.shard_map(cache.usage, mesh=MESH, in_specs=P("adapter", "tp"),
                         out_specs=P(None, "tp", None, reduced={"adapter"}))(adapter_ids)
