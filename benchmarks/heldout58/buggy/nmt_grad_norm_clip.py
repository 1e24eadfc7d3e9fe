"""Global gradient-norm clipping of a model-parallel transformer (fairseq clip_norm)."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class OptimizationConfig:
    clip_norm: float = 0.1
    lr: float = 5e-4
    reduce_axes: tuple = ("data", "model")


def _shard_sq_norm(grads, model_axis):
    sq = sum(jnp.sum(g * g) for g in jax.tree.leaves(grads))
    return jax.lax.psum(sq, model_axis)


class FairseqOptimizer:
    def __init__(self, cfg: OptimizationConfig):
        self.cfg = cfg

    def clip_grad_norm(self, grads):
        model_axis = self.cfg.reduce_axes[-1]
        sq = _shard_sq_norm(grads, model_axis)
        total = jax.lax.psum(sq, self.cfg.reduce_axes)
        norm = jnp.sqrt(total)
        coef = jnp.minimum(self.cfg.clip_norm / (norm + 1e-6), 1.0)
        return jax.tree.map(lambda g: g * coef, grads)


def inputs():
    rng = np.random.default_rng(4)
    grads = {
        "fc1": rng.standard_normal((8, 16), dtype=np.float32),
        "fc2": rng.standard_normal((8, 16), dtype=np.float32),
    }
    return (grads,)


def main(grads):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    opt = FairseqOptimizer(OptimizationConfig())
    spec = {"fc1": P("data", "model"), "fc2": P("data", "model")}
    grads = jax.device_put(grads, jax.tree.map(lambda s: NamedSharding(mesh, s), spec))
    clip = jax.shard_map(opt.clip_grad_norm, mesh=mesh, in_specs=(spec,), out_specs=spec)
    return clip(grads)


if __name__ == "__main__":
    main(*inputs())
