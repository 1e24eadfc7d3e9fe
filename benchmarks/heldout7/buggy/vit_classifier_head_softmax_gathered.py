"""ViT classifier head sharded over classes: logits gathered for the eval confidences."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class HeadConfig:
    batch_axis: str = "data"
    class_axis: str = "classes"

    @property
    def logits_spec(self):
        return P(self.batch_axis, None, reduced={self.class_axis})


class Head:
    def __init__(self, cfg):
        self.cfg = cfg

    def logits(self, cls_tok, w):
        local = cls_tok @ w
        return jax.lax.all_gather(local, self.cfg.class_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, cls_tok, w):
        logits = self.logits(cls_tok, w)
        return jax.nn.softmax(logits, axis=-1)


def inputs():
    rng = np.random.default_rng(36)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(cls_tok, w, cfg=HeadConfig()):
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.class_axis))
    cls_tok = jax.device_put(cls_tok, NamedSharding(mesh, P(cfg.batch_axis, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, cfg.class_axis)))
    head = Head(cfg)
    return jax.shard_map(head, mesh=mesh, in_specs=(P(cfg.batch_axis, None), P(None, cfg.class_axis)),
                         out_specs=cfg.logits_spec)(cls_tok, w)


if __name__ == "__main__":
    print(main(*inputs()))
