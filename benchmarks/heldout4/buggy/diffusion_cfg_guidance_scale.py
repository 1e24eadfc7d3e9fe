"""Classifier-free guidance in a diffusion sampler: the conditional and unconditional noise
predictions are computed per 'batch' shard, gathered reduced, and mixed by the guidance scale."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    guidance_scale: float = 7.5
    axis: str = "batch"


def guided_eps(eps_cond, eps_uncond, cfg: SamplerConfig):
    cond = jax.lax.all_gather(eps_cond, cfg.axis, axis=0, tiled=True, to="reduced")
    uncond = jax.lax.all_gather(eps_uncond, cfg.axis, axis=0, tiled=True, to="reduced")
    return uncond + cfg.guidance_scale * (cond - uncond)


def inputs():
    cond = np.arange(16 * 4, dtype=np.float32).reshape(16, 4) / 64.0
    uncond = np.full((16, 4), 0.25, np.float32)
    return cond, uncond


def main(cond, uncond):
    cfg = SamplerConfig()
    mesh = jax.make_mesh((8,), (cfg.axis,))
    cond = jax.device_put(cond, NamedSharding(mesh, P(cfg.axis)))
    uncond = jax.device_put(uncond, NamedSharding(mesh, P(cfg.axis)))
    f = jax.shard_map(lambda c, u: guided_eps(c, u, cfg), mesh=mesh, in_specs=(P(cfg.axis), P(cfg.axis)),
                      out_specs=P(reduced={cfg.axis}))
    return f(cond, uncond)


if __name__ == "__main__":
    print(main(*inputs()))
