"""Logit clamping hook on the gathered CTC head of a handwriting recognizer."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("batch", "heads"))


class Module:
    def __init__(self):
        self.hooks = []

    def register_forward_hook(self, fn):
        self.hooks.append(fn)
        return fn

    def __call__(self, x):
        return self.forward(x)


@dataclass
class GatherConfig:
    axis: str = "batch"
    keep_grad_reduced: bool = True


class GatheredCTCHead(Module):
    def __init__(self, w, cfg=GatherConfig()):
        super().__init__()
        self.w, self.cfg = w, cfg

    def forward(self, feats):
        logits = feats @ self.w
        for fn in self.hooks:
            logits = fn(self, (feats,), logits)
        to = "reduced" if self.cfg.keep_grad_reduced else "varying"
        return jax.lax.all_gather(logits, self.cfg.axis, axis=0, tiled=True, to=to)


class LogitClamp:
    def __init__(self, bound):
        self.bound = bound

    def __call__(self, module, args, out):
        return jnp.clip(out, -self.bound, self.bound)


def recognize(feats, w):
    head = GatheredCTCHead(w)
    head.register_forward_hook(LogitClamp(bound=15.0))
    return head(feats)


def inputs():
    rng = np.random.default_rng(35)
    feats = rng.normal(size=(8, 12, 6)).astype(np.float32) * 4
    w = rng.normal(size=(6, 10)).astype(np.float32)
    return (jax.device_put(feats, NamedSharding(MESH, P("batch", None, None))),
            jax.device_put(w, NamedSharding(MESH, P(None, "heads"))))


def main(feats, w):
    fn = jax.shard_map(recognize, mesh=MESH, in_specs=(P("batch", None, None), P(None, "heads")),
                       out_specs=P(None, None, "heads", reduced={"batch"}))
    print("clamped logits:", fn(feats, w).shape)


if __name__ == "__main__":
    main(*inputs())
