"""aggregate_evaluate: client losses reduced with a configured metric aggregation."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class EvalConfig:
    client_axis: str = "clients"
    model_axis: str = "model"
    metric_reduce: str = "mean"

    @property
    def all_axes(self):
        return (self.client_axis, self.model_axis)


METRIC_AGGREGATORS = {
    "mean": lambda axes: functools.partial(jax.lax.pmean, axis_name=axes),
    "sum": lambda axes: functools.partial(jax.lax.psum, axis_name=axes),
}


class EvaluateStrategy:
    def __init__(self, cfg: EvalConfig):
        self.cfg = cfg
        self.aggregate = METRIC_AGGREGATORS[cfg.metric_reduce](cfg.all_axes)

    def client_loss(self, logits, labels):
        partial_dot = jnp.sum(logits * labels, axis=1)
        return jax.lax.psum(partial_dot, self.cfg.model_axis)

    def aggregate_evaluate(self, logits, labels):
        loss = -jnp.mean(self.client_loss(logits, labels))
        return self.aggregate(loss)


def inputs():
    rng = np.random.default_rng(2)
    logits = rng.normal(size=(8, 16)).astype(np.float32)
    labels = np.eye(16, dtype=np.float32)[rng.integers(0, 16, size=8)]
    return logits, labels


def main(logits, labels):
    cfg = EvalConfig()
    mesh = jax.make_mesh((2, 4), cfg.all_axes)
    spec = P(*cfg.all_axes)
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    labels = jax.device_put(labels, NamedSharding(mesh, spec))
    strategy = EvaluateStrategy(cfg)
    return jax.shard_map(strategy.aggregate_evaluate, mesh=mesh, in_specs=(spec, spec), out_specs=P())(logits, labels)


if __name__ == "__main__":
    main(*inputs())
