"""clip_grad_norm_ of an FSDP-wrapped layout transformer (tensor-parallel heads, fsdp-sharded rest)."""
import math
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("fsdp", "tp"))
PARAM_SPECS = {"embed": P("fsdp", None), "head": P("fsdp", "tp")}


@dataclass
class ClipConfig:
    max_norm: float = 1.0
    norm_type: float = 2.0
    tp_params: tuple = ("head",)


class FullyShardedDataParallel:
    def __init__(self, clip_cfg, all_axes=None):
        self.clip_cfg = clip_cfg
        self._all_axes = all_axes or tuple(MESH.axis_names)

    def _local_sq(self, grads):
        total = 0.0
        for name, g in grads.items():
            sq = jnp.sum(g.astype(jnp.float32) ** 2)
            total = total + sq
        return total

    def clip_grad_norm_(self, grads):
        total = jax.lax.psum(self._local_sq(grads), self._all_axes)
        norm = jnp.sqrt(total)
        coef = jnp.minimum(self.clip_cfg.max_norm / (norm + 1e-6), 1.0)
        return {k: g * coef for k, g in grads.items()}, norm


def step(embed, head):
    model = FullyShardedDataParallel(ClipConfig())
    clipped, norm = model.clip_grad_norm_({"embed": embed, "head": head})
    return clipped["embed"], clipped["head"], norm


def inputs():
    rng = np.random.default_rng(24)
    g = {k: rng.normal(size=(16, 8)).astype(np.float32) for k in PARAM_SPECS}
    return tuple(jax.device_put(g[k], NamedSharding(MESH, PARAM_SPECS[k])) for k in PARAM_SPECS)


def main(embed, head):
    fn = jax.shard_map(step, mesh=MESH, in_specs=(PARAM_SPECS["embed"], PARAM_SPECS["head"]),
                       out_specs=(PARAM_SPECS["embed"], PARAM_SPECS["head"], P()))
    _, _, norm = fn(embed, head)
    print("grad norm before clipping:", float(norm), "sqrt(numel):", math.sqrt(256))


if __name__ == "__main__":
    main(*inputs())
