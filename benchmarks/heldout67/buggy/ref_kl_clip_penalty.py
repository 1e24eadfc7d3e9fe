"""KL penalty to the reference with a clip, applied to rewards from a gathered reference."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class PenaltyConfig:
    kl_coef: float = 0.05
    clip: float = 10.0
    axis: str = "tensor"


def reference_view(ref_logp, cfg):
    return jax.lax.all_gather(ref_logp, cfg.axis, axis=1, tiled=True, to="reduced")


def penalised_rewards(rewards, logp, ref_logp, cfg=PenaltyConfig()):
    ref = reference_view(ref_logp, cfg)
    kl = jnp.clip(logp - ref, -cfg.clip, cfg.clip)
    return rewards - cfg.kl_coef * kl.sum(axis=-1)


def inputs():
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    r = jax.device_put(jnp.ones((4,)), NamedSharding(mesh, P("fsdp")))
    lp = jax.device_put(-jnp.ones((4, 8)), NamedSharding(mesh, P("fsdp", None)))
    ref = jax.device_put(-jnp.ones((4, 8)), NamedSharding(mesh, P("fsdp", "tensor")))
    return mesh, r, lp, ref


def main(mesh, r, lp, ref):
    fn = jax.shard_map(penalised_rewards, mesh=mesh,
                       in_specs=(P("fsdp"), P("fsdp", None), P("fsdp", "tensor")), out_specs=P("fsdp"))
    return fn(r, lp, ref)


if __name__ == "__main__":
    main(*inputs())
