"""Classifier-free guidance in a diffusion sampler: the guidance mix is computed on each
'batch' shard and only the mixed noise prediction is gathered reduced."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    guidance_scale: float = 7.5
    axis: str = "batch"


def guided_eps(eps_cond, eps_uncond, cfg: SamplerConfig):
    mixed = eps_uncond + cfg.guidance_scale * (eps_cond - eps_uncond)
    return jax.lax.all_gather(mixed, cfg.axis, axis=0, tiled=True, to="reduced")


def inputs():
    return np.arange(16 * 4, dtype=np.float32).reshape(16, 4) / 64.0, np.full((16, 4), 0.25, np.float32)


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
