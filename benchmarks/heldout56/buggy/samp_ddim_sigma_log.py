"""DDIM sampling loop (eta > 0) that records the per-step noise scale actually added."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class DDIMConfig:
    num_steps: int = 4
    eta: float = 0.5
    batch_axis: str = "batch"
    chan_axis: str = "chan"


class DDIMSampler:
    def __init__(self, alphas_cumprod, cfg=DDIMConfig()):
        self.ac = jnp.asarray(alphas_cumprod)
        self.cfg = cfg

    def sigma(self, a_t, a_prev):
        return self.cfg.eta * jnp.sqrt((1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev))

    def step(self, x, eps, a_t, a_prev, noise):
        x0 = (x - jnp.sqrt(1 - a_t) * eps) / jnp.sqrt(a_t)
        s = self.sigma(a_t, a_prev)
        direction = jnp.sqrt(1 - a_prev - s ** 2) * eps
        return jnp.sqrt(a_prev) * x0 + direction + s * noise, s

    def sample(self, x, eps, noise):
        steps = np.linspace(len(self.ac) - 1, 0, self.cfg.num_steps + 1).astype(int)
        added = []
        for t, t_prev in zip(steps[:-1], steps[1:]):
            x, s = self.step(x, eps * (t / steps[0]), self.ac[t], self.ac[t_prev], noise)
            added.append(s * jnp.abs(noise).sum(axis=-1))
        total = jax.lax.psum(jnp.stack(added, axis=-1), self.cfg.chan_axis)
        log = jax.lax.all_gather(total, self.cfg.chan_axis, axis=0, tiled=True, to="reduced")
        return x, log


def inputs():
    rng = np.random.default_rng(8)
    x = rng.standard_normal((4, 16), dtype=np.float32)
    eps = rng.standard_normal((4, 16), dtype=np.float32)
    noise = rng.standard_normal((4, 16), dtype=np.float32)
    return x, eps, noise


def main(x, eps, noise):
    mesh = jax.make_mesh((2, 4), ("batch", "chan"))
    spec = P("batch", "chan")
    x, eps, noise = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (x, eps, noise))
    betas = np.linspace(1e-4, 0.02, 50, dtype=np.float32)
    sampler = DDIMSampler(np.cumprod(1 - betas))
    out, log = jax.shard_map(sampler.sample, mesh=mesh, in_specs=(spec, spec, spec),
                             out_specs=(spec, P("batch", None, reduced={"chan"})))(x, eps, noise)
    print(log)
    return out


if __name__ == "__main__":
    main(*inputs())
