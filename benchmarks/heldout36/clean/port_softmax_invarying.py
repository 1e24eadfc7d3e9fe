"""Signal-weighted allocation: softmax of alpha scores gathered to an invariant copy."""
from dataclasses import dataclass

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class AllocatorConfig:
    signal_axis: str = "signals"
    temperature: float = 0.5


class SoftmaxAllocator:
    def __init__(self, cfg: AllocatorConfig):
        self.cfg = cfg

    def __call__(self, scores):
        alpha = jax.lax.all_gather(scores.mean(axis=0), self.cfg.signal_axis, tiled=True, to="invarying")
        return jax.nn.softmax(alpha / self.cfg.temperature)


def inputs():
    rng = np.random.default_rng(66)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(scores):
    cfg = AllocatorConfig()
    mesh = jax.make_mesh((8,), (cfg.signal_axis,))
    scores = jax.device_put(scores, NamedSharding(mesh, P(None, cfg.signal_axis)))
    return jax.shard_map(SoftmaxAllocator(cfg), mesh=mesh, in_specs=P(None, cfg.signal_axis), out_specs=P())(scores)


if __name__ == "__main__":
    print(main(*inputs()))
