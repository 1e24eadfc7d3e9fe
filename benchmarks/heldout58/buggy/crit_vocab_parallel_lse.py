"""Vocab-parallel cross entropy registered as a fairseq-style criterion."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CRITERION_REGISTRY = {}
CRITERION_DATACLASS_REGISTRY = {}


def register_criterion(name, dataclass=None):
    def wrap(cls):
        CRITERION_REGISTRY[name] = cls
        CRITERION_DATACLASS_REGISTRY[name] = dataclass
        return cls
    return wrap


@dataclass
class VocabParallelCrossEntropyConfig:
    data_axis: str = "data"
    vocab_axis: str = "vocab"
    report_accuracy: bool = True


@register_criterion("vocab_parallel_cross_entropy", dataclass=VocabParallelCrossEntropyConfig)
class VocabParallelCrossEntropy:
    def __init__(self, cfg):
        self.cfg = cfg

    def stable_max(self, logits):
        local = jnp.max(logits, axis=-1, keepdims=True)
        return jax.lax.pmax(local, self.cfg.vocab_axis)

    def forward(self, logits, target_logit):
        m = self.stable_max(logits)
        m_all = jax.lax.all_gather(m, self.cfg.vocab_axis, axis=-1, tiled=True, to="reduced")
        sumexp = jax.lax.psum(jnp.sum(jnp.exp(logits - m), axis=-1, keepdims=True), self.cfg.vocab_axis)
        loss = jnp.log(sumexp) + m - target_logit
        return loss, m_all


def build_criterion(name):
    return CRITERION_REGISTRY[name](CRITERION_DATACLASS_REGISTRY[name]())


def inputs():
    rng = np.random.default_rng(20)
    logits = rng.standard_normal((8, 64), dtype=np.float32)
    target_logit = rng.standard_normal((8, 1), dtype=np.float32)
    return logits, target_logit


def main(logits, target_logit):
    mesh = jax.make_mesh((2, 4), ("data", "vocab"))
    crit = build_criterion("vocab_parallel_cross_entropy")
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", "vocab")))
    target_logit = jax.device_put(target_logit, NamedSharding(mesh, P("data", None)))
    fwd = jax.shard_map(
        crit.forward,
        mesh=mesh,
        in_specs=(P("data", "vocab"), P("data", None)),
        out_specs=(P("data", None), P("data", None, reduced={"vocab"})),
    )
    return fwd(logits, target_logit)


if __name__ == "__main__":
    main(*inputs())
