"""Adaptive KL controller (Ziegler et al.): the measured KL to the reference model sets the coefficient."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class KLControllerConfig:
    init_kl_coef: float = 0.2
    target: float = 6.0
    horizon: int = 10000
    axis_names: tuple = ("fsdp", "tensor")


class AdaptiveKLController:
    def __init__(self, config):
        self.config = config

    def observed_kl(self, logp, ref_logp):
        kl = jax.lax.psum((logp - ref_logp).sum(axis=-1), self.config.axis_names[1])
        kl = kl[:, None]
        return jax.lax.all_gather(kl, self.config.axis_names[1], axis=1, tiled=True, to="reduced")

    def __call__(self, logp, ref_logp):
        return self.observed_kl(logp, ref_logp)


def inputs():
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    s = NamedSharding(mesh, P("fsdp", "tensor"))
    return mesh, jax.device_put(-jnp.ones((4, 16)), s), jax.device_put(-jnp.full((4, 16), 1.2), s)


def main(mesh, logp, ref):
    ctl = AdaptiveKLController(KLControllerConfig())
    fn = jax.shard_map(ctl, mesh=mesh, in_specs=(P("fsdp", "tensor"),) * 2,
                       out_specs=P("fsdp", None, reduced={"tensor"}))
    return fn(logp, ref)


if __name__ == "__main__":
    main(*inputs())
