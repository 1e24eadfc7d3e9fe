"""label_smoothed_nll_loss over logits gathered from the vocab shards."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class LabelSmoothingConfig:
    epsilon: float = 0.1
    vocab_axis: str = "vocab"


def label_smoothed_nll_loss(lprobs, target, epsilon):
    nll_loss = -jnp.take_along_axis(lprobs, target[:, None], axis=-1)[:, 0]
    smooth_loss = -jnp.sum(lprobs, axis=-1)
    eps_i = epsilon / (lprobs.shape[-1] - 1)
    return (1.0 - epsilon - eps_i) * nll_loss + eps_i * smooth_loss


class LabelSmoothedCriterion:
    def __init__(self, cfg):
        self.cfg = cfg

    def forward(self, logits, target):
        full = jax.lax.all_gather(logits, self.cfg.vocab_axis, axis=1, tiled=True, to="invarying")
        lprobs = jax.nn.log_softmax(full, axis=-1)
        return label_smoothed_nll_loss(lprobs, target, self.cfg.epsilon)


def inputs():
    rng = np.random.default_rng(25)
    logits = rng.standard_normal((8, 32), dtype=np.float32)
    target = rng.integers(0, 32, size=(8,)).astype(np.int32)
    return logits, target


def main(logits, target):
    mesh = jax.make_mesh((2, 4), ("data", "vocab"))
    crit = LabelSmoothedCriterion(LabelSmoothingConfig())
    logits = jax.device_put(logits, NamedSharding(mesh, P("data", "vocab")))
    target = jax.device_put(target, NamedSharding(mesh, P("data")))
    fwd = jax.shard_map(
        crit.forward,
        mesh=mesh,
        in_specs=(P("data", "vocab"), P("data")),
        out_specs=P("data"),
    )
    return fwd(logits, target)


if __name__ == "__main__":
    main(*inputs())
