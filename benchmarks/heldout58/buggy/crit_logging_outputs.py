"""Per-sentence NLL gathered for reduce_metrics of a label-smoothed criterion."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CRITERION_REGISTRY = {}


def register_criterion(name):
    def wrap(cls):
        CRITERION_REGISTRY[name] = cls
        return cls
    return wrap


@dataclass
class LabelSmoothedCrossEntropyConfig:
    label_smoothing: float = 0.1
    ignore_prefix_size: int = 0
    log_axes: tuple = ("data", "vocab")


@register_criterion("label_smoothed_cross_entropy")
class LabelSmoothedCrossEntropyCriterion:
    def __init__(self, cfg):
        self.cfg = cfg

    @classmethod
    def build_criterion(cls, cfg):
        return cls(cfg)

    def logging_outputs(self, nll_parts):
        data_axis, vocab_axis = self.cfg.log_axes
        nll = jax.lax.all_gather(nll_parts, vocab_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(nll, self.cfg.log_axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(21)
    return (rng.random((8, 16), dtype=np.float32),)


def main(nll_parts):
    mesh = jax.make_mesh((2, 4), ("data", "vocab"))
    crit = CRITERION_REGISTRY["label_smoothed_cross_entropy"].build_criterion(
        LabelSmoothedCrossEntropyConfig()
    )
    nll_parts = jax.device_put(nll_parts, NamedSharding(mesh, P("data", "vocab")))
    log = jax.shard_map(
        crit.logging_outputs,
        mesh=mesh,
        in_specs=P("data", "vocab"),
        out_specs=P(None, None, reduced={"data", "vocab"}),
    )
    return log(nll_parts)


if __name__ == "__main__":
    main(*inputs())
