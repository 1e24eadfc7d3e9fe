"""Nose-Hoover chain thermostat: the kinetic energy per walker needs every particle's momentum."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ChainConfig:
    chain_length: int = 3
    tau: float = 0.5
    kT: float = 1.0
    particle_axis: str = "particle"
    gather_axes: tuple = ("particle", "walker")


def gather_momenta(momentum, cfg):
    return jax.lax.all_gather(momentum, cfg.particle_axis, axis=1, tiled=True, to="reduced")


def chain_half_step(momentum, xi, cfg):
    full = gather_momenta(momentum, cfg)
    p_sq = jnp.sum(full * full, axis=(1, 2))
    everyone = jax.lax.all_gather(p_sq, cfg.gather_axes, axis=0, tiled=True, to="reduced")
    return everyone, xi


def inputs():
    rng = np.random.default_rng(19)
    return rng.normal(size=(4, 16, 3)).astype(np.float32), np.zeros((3,), np.float32)


def main(momentum, xi):
    cfg = ChainConfig()
    mesh = jax.make_mesh((2, 4), ("walker", "particle"))
    spec = P("walker", cfg.particle_axis, None)
    momentum = jax.device_put(momentum, NamedSharding(mesh, spec))
    xi = jax.device_put(xi, NamedSharding(mesh, P()))
    half = functools.partial(chain_half_step, cfg=cfg)
    return jax.shard_map(half, mesh=mesh, in_specs=(spec, P()),
                         out_specs=(P(None, reduced={"walker", "particle"}), P()))(momentum, xi)


if __name__ == "__main__":
    main(*inputs())
