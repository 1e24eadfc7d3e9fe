"""launchers/diffusion/x0_clip.py: DDPM sampler step with dynamic x0 clipping.

The x0 prediction is reassembled along the spatial axis (to="reduced", the sampler only
reads it) and clipped to the data range before the posterior mean.
"""
import os
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class SamplerConfig:
    clip_min: float = -1.0
    clip_max: float = 1.0
    alpha_bar: float = 0.6
    steps: int = 1

    @classmethod
    def from_env(cls):
        cfg = cls()
        for name in ("clip_min", "clip_max", "alpha_bar"):
            if (value := os.environ.get(name.upper())) is not None:
                setattr(cfg, name, float(value))
        return cfg


def mesh_dims():
    ici_parallelism = [2, 4]
    dcn_parallelism = [int(os.environ.get("NUM_SLICES", "1")), 1]
    return tuple(a * b for a, b in zip(dcn_parallelism, ici_parallelism))


def predict_x0(xt, eps, alpha_bar):
    return (xt - jnp.sqrt(1.0 - alpha_bar) * eps) / jnp.sqrt(alpha_bar)


def sampler_step(cfg):
    def body(xt, eps):
        x0 = predict_x0(xt, eps, cfg.alpha_bar)
        x0 = jnp.clip(x0, cfg.clip_min, cfg.clip_max)
        x0 = jax.lax.all_gather(x0, "spatial", axis=1, tiled=True, to="reduced")
        return x0

    return body


def run(mesh, cfg, xt, eps):
    fn = jax.jit(jax.shard_map(sampler_step(cfg), mesh=mesh,
                               in_specs=(P("data", "spatial"), P("data", "spatial")),
                               out_specs=P("data", None, reduced={"spatial"})))
    for _ in range(cfg.steps):
        out = fn(xt, eps)
    return out


def main(seed):
    cfg = SamplerConfig.from_env()
    mesh = jax.make_mesh(mesh_dims(), ("data", "spatial"))
    rng = np.random.default_rng(seed)
    sharding = NamedSharding(mesh, P("data", "spatial"))
    xt = jax.make_array_from_process_local_data(sharding, rng.standard_normal((4, 16)).astype(np.float32))
    eps = jax.make_array_from_process_local_data(sharding, rng.standard_normal((4, 16)).astype(np.float32))
    with jax.set_mesh(mesh):
        x0 = run(mesh, cfg, xt, eps)
    if jax.process_index() == 0:
        print("x0 range", x0.shape)
    return x0


def describe(cfg):
    return f"clip to [{cfg.clip_min}, {cfg.clip_max}] at alpha_bar={cfg.alpha_bar}"


def inputs():
    return (int(os.environ.get("SEED", "1")),)


if __name__ == "__main__":
    main(*inputs())
