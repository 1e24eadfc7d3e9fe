"""Classifier-free guidance for a text-to-video sampler over frame shards."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class GuidanceConfig:
    scale: float = 7.5
    frame_axis: str = "frame"


def guide(eps_cond, eps_uncond, cfg: GuidanceConfig):
    gather = lambda e: jax.lax.all_gather(e, cfg.frame_axis, axis=1, to="reduced", tiled=True)
    return gather(eps_uncond + cfg.scale * (eps_cond - eps_uncond))


def inputs():
    rng = np.random.default_rng(21)
    return (rng.normal(size=(4, 16, 8)).astype(np.float32),
            rng.normal(size=(4, 16, 8)).astype(np.float32))


def main(eps_cond, eps_uncond, cfg=GuidanceConfig()):
    mesh = jax.make_mesh((2, 4), ("clip", cfg.frame_axis))
    spec = P("clip", cfg.frame_axis, None)
    eps_cond, eps_uncond = (jax.device_put(e, NamedSharding(mesh, spec)) for e in (eps_cond, eps_uncond))
    return jax.shard_map(lambda c, u: guide(c, u, cfg), mesh=mesh, in_specs=(spec, spec),
                         out_specs=P("clip", None, None, reduced={cfg.frame_axis}))(eps_cond, eps_uncond)


if __name__ == "__main__":
    print(main(*inputs()))
