"""DDPM training step: per-timestep losses shared across data replicas for the loss-weighting table."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class DiffusionConfig:
    num_steps: int = 16
    data_axis: str = "data"
    width_axis: str = "width"


def cosine_schedule(n):
    t = jnp.linspace(0.0, 1.0, n + 1)
    f = jnp.cos((t + 0.008) / 1.008 * jnp.pi / 2) ** 2
    return jnp.clip(f[1:] / f[:-1], 0.0, 0.999)


def inputs():
    rng = np.random.default_rng(0)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(x0, noise, cfg=DiffusionConfig()):
    mesh = jax.make_mesh((2, 4), (cfg.data_axis, cfg.width_axis))
    spec = P(cfg.data_axis, cfg.width_axis)
    x0, noise = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (x0, noise))
    alphas_bar = jnp.cumprod(cosine_schedule(cfg.num_steps))

    def train_step(x0, eps):
        a = alphas_bar[: x0.shape[1]]
        xt = jnp.sqrt(a) * x0 + jnp.sqrt(1.0 - a) * eps
        pred = jnp.tanh(xt)
        per_t = jax.lax.psum(jnp.sum((pred - eps) ** 2, axis=0), cfg.data_axis)
        table = jax.lax.all_gather(per_t, cfg.data_axis, tiled=True, to="reduced")
        return table

    return jax.shard_map(train_step, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(cfg.width_axis, reduced={cfg.data_axis}))(x0, noise)


if __name__ == "__main__":
    print(main(*inputs()))
