"""A LoRA adapter with alpha / rank scaling, materialising the full update for merging."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class LoRAConfig:
    rank: int = 4
    alpha: float = 16.0
    axis: str = "model"


class LoRAAdapter:
    def __init__(self, cfg):
        self.cfg = cfg

    @property
    def scaling(self):
        return self.cfg.alpha / self.cfg.rank

    def delta(self, lora_a, lora_b):
        delta = jax.lax.all_gather(lora_a @ lora_b, self.cfg.axis, axis=1, tiled=True, to="reduced")
        return delta * self.scaling


def inputs():
    r = np.random.RandomState(65)
    return r.randn(16, 4).astype(np.float32), r.randn(4, 32).astype(np.float32)


def main(a, b):
    cfg = LoRAConfig()
    mesh = jax.make_mesh((2, 4), ("data", cfg.axis))
    a = jax.device_put(a, NamedSharding(mesh, P("data", None)))
    b = jax.device_put(b, NamedSharding(mesh, P(None, cfg.axis)))
    return jax.shard_map(LoRAAdapter(cfg).delta, mesh=mesh, in_specs=(P("data", None), P(None, cfg.axis)),
                         out_specs=P("data", None, reduced={cfg.axis}))(a, b)


if __name__ == "__main__":
    print(main(*inputs()).shape)
