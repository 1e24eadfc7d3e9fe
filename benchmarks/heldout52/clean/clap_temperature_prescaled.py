"""CLAP contrastive logits: text features from every data shard are scaled by the learned temperature."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class ContrastiveConfig:
    axes: dict = field(default_factory=lambda: {"batch": "data", "feature": "embed"})
    temperature: float = 0.07


class ContrastiveHead:
    def __init__(self, cfg: ContrastiveConfig):
        self.cfg = cfg

    def gather_text(self, text):
        return jax.lax.all_gather(text, self.cfg.axes["batch"], tiled=True, to="reduced")

    def logits(self, text):
        return self.gather_text(text / self.cfg.temperature)


def make_logits_fn(mesh, cfg):
    head = ContrastiveHead(cfg)
    b, f = cfg.axes["batch"], cfg.axes["feature"]
    return jax.jit(jax.shard_map(head.logits, mesh=mesh, in_specs=P(b, f), out_specs=P(None, f, reduced={b})))


def inputs():
    return (np.full((8, 16), 0.5, np.float32),)


def main(text):
    cfg = ContrastiveConfig()
    mesh = jax.make_mesh((2, 4), ("data", "embed"))
    text = jax.device_put(text, NamedSharding(mesh, P("data", "embed")))
    return make_logits_fn(mesh, cfg)(text)


if __name__ == "__main__":
    main(*inputs())
