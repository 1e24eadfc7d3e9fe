"""DDIM sampler with Imagen-style dynamic thresholding; channels are split over the tensor axis."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    batch_axis: str = "batch"
    channel_axis: str = "tensor"
    threshold: float = 1.5
    num_steps: int = 4


def alpha_bar(t):
    return jnp.cos(0.5 * jnp.pi * t) ** 2


def dynamic_threshold(x0, cfg):
    # per-sample bound over all channels, never below the static threshold
    s = jax.lax.pmax(jnp.max(jnp.abs(x0), axis=1), cfg.channel_axis)
    s = jnp.maximum(s, cfg.threshold)
    bounds = jax.lax.all_gather(s, cfg.channel_axis, axis=0, tiled=True, to="reduced")
    return bounds


def ddim_step(x, eps_w, *, cfg):
    ts = jnp.linspace(0.9, 0.1, cfg.num_steps)

    def body(i, carry):
        x, _ = carry
        a = alpha_bar(ts[i])
        eps = jnp.tanh(x * eps_w)
        x0 = (x - jnp.sqrt(1 - a) * eps) / jnp.sqrt(a)
        bounds = dynamic_threshold(x0, cfg)
        a_next = alpha_bar(ts[i] - 0.1)
        x = jnp.sqrt(a_next) * x0 + jnp.sqrt(1 - a_next) * eps
        return x, bounds

    x, bounds = jax.lax.fori_loop(0, cfg.num_steps, body, (x, dynamic_threshold(x, cfg)))
    return x, bounds


def inputs():
    rng = np.random.default_rng(17)
    return rng.normal(size=(8, 6)).astype(np.float32), (rng.normal(size=(6,)) * 0.2).astype(np.float32)


def main(x, eps_w):
    cfg = SamplerConfig()
    mesh = jax.make_mesh((4, 2), (cfg.batch_axis, cfg.channel_axis))
    x = jax.device_put(x, NamedSharding(mesh, P(cfg.batch_axis, cfg.channel_axis)))
    eps_w = jax.device_put(eps_w, NamedSharding(mesh, P(cfg.channel_axis)))
    sample = jax.shard_map(functools.partial(ddim_step, cfg=cfg), mesh=mesh,
                           in_specs=(P(cfg.batch_axis, cfg.channel_axis), P(cfg.channel_axis)),
                           out_specs=(P(cfg.batch_axis, cfg.channel_axis), P(cfg.batch_axis, reduced={cfg.channel_axis})))
    return sample(x, eps_w)


if __name__ == "__main__":
    print(main(*inputs()))
