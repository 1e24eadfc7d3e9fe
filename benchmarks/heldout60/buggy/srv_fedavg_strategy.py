"""Flower-like server: FedAvg registered as a strategy, aggregating weighted client deltas."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STRATEGIES = {}


def register(name):
    def wrap(cls):
        STRATEGIES[name] = cls
        return cls
    return wrap


@dataclass(frozen=True)
class ServerConfig:
    client_axis: str = "clients"
    model_axis: str = "model"
    strategy: str = "fedavg"


@register("fedavg")
class FedAvg:
    def __init__(self, cfg: ServerConfig):
        self.cfg = cfg

    def _broadcast(self, total):
        return jax.lax.all_gather(total, self.cfg.client_axis, axis=0, tiled=True, to="reduced")

    def aggregate_fit(self, deltas, num_examples):
        weights = num_examples / jax.lax.psum(num_examples.sum(), self.cfg.client_axis)
        total = jax.lax.psum(deltas * weights[:, None], self.cfg.client_axis)
        return self._broadcast(total)


def inputs():
    rng = np.random.default_rng(0)
    deltas = rng.normal(size=(8, 16)).astype(np.float32)
    num_examples = rng.integers(10, 100, size=(8,)).astype(np.float32)
    return deltas, num_examples


def main(deltas, num_examples):
    cfg = ServerConfig()
    mesh = jax.make_mesh((2, 4), (cfg.client_axis, cfg.model_axis))
    deltas = jax.device_put(deltas, NamedSharding(mesh, P(cfg.client_axis, cfg.model_axis)))
    num_examples = jax.device_put(num_examples, NamedSharding(mesh, P(cfg.client_axis)))
    strategy = STRATEGIES[cfg.strategy](cfg)
    step = jax.shard_map(
        strategy.aggregate_fit, mesh=mesh,
        in_specs=(P(cfg.client_axis, cfg.model_axis), P(cfg.client_axis)),
        out_specs=P(None, cfg.model_axis, reduced={cfg.client_axis}),
    )
    return step(deltas, num_examples)


if __name__ == "__main__":
    main(*inputs())
