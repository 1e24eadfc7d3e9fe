"""Guidance rescale (Lin et al. 2023): match the std of the guided prediction to the conditional one."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GUIDANCE = {}


def guidance(name):
    def deco(cls):
        GUIDANCE[name] = cls
        return cls
    return deco


@guidance("rescaled_cfg")
class RescaledCFG:
    name = "rescaled_cfg"

    def __init__(self, scale=7.5, phi=0.7, axis="chan"):
        self.scale, self.phi, self.axis = scale, phi, axis

    def full_channels(self, eps):
        return jax.lax.all_gather(eps, self.axis, axis=1, tiled=True, to="reduced")

    def __call__(self, eps_cond, eps_uncond):
        guided = eps_uncond + self.scale * (eps_cond - eps_uncond)
        cond_full = self.full_channels(eps_cond)
        std_cond = jnp.std(cond_full, axis=-1, keepdims=True)
        return guided, std_cond


def inputs():
    rng = np.random.default_rng(13)
    return rng.standard_normal((4, 16), dtype=np.float32), rng.standard_normal((4, 16), dtype=np.float32)


def main(eps_cond, eps_uncond):
    mesh = jax.make_mesh((2, 4), ("batch", "chan"))
    spec = P("batch", "chan")
    eps_cond, eps_uncond = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (eps_cond, eps_uncond))
    rule = GUIDANCE["rescaled_cfg"](scale=5.0)
    guided, std = jax.shard_map(rule, mesh=mesh, in_specs=(spec, spec),
                                out_specs=(spec, P("batch", None, reduced={"chan"})))(eps_cond, eps_uncond)
    print(std)
    return guided


if __name__ == "__main__":
    main(*inputs())
