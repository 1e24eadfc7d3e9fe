"""Greedy-decoding frame error counts, summed over utterances and vocab shards for the dashboard."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class EvalConfig:
    axes: tuple = ("utt", "vocab")
    confidence: float = 0.5


def confident_frames(logits, vocab_axis):
    top = jax.lax.pmax(logits.max(axis=-1), vocab_axis)
    return top


def error_counts(logits, cfg: EvalConfig):
    top = confident_frames(logits, cfg.axes[1])
    low_conf = (jax.nn.sigmoid(top) < cfg.confidence).astype(jnp.float32)
    totals = jnp.stack([low_conf.sum(), jnp.float32(low_conf.size)])
    return jax.lax.psum(totals, axis_name=cfg.axes)


def inputs():
    rng = np.random.default_rng(26)
    return (rng.normal(size=(8, 30, 32)).astype(np.float32),)


def main(logits, cfg=EvalConfig()):
    mesh = jax.make_mesh((2, 4), cfg.axes)
    spec = P(cfg.axes[0], None, cfg.axes[1])
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    return jax.shard_map(lambda l: error_counts(l, cfg), mesh=mesh, in_specs=spec, out_specs=P())(logits)


if __name__ == "__main__":
    print(main(*inputs()))
