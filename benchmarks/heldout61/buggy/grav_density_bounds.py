"""Projected gradient step with density bounds from the geological model."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Bounds:
    rho_min: float = -0.3
    rho_max: float = 0.5


@dataclasses.dataclass(frozen=True)
class InversionConfig:
    axes: tuple = ("cell", "obs")
    step: float = 1e-2
    bounds: Bounds = dataclasses.field(default_factory=Bounds)


def make_step(cfg: InversionConfig):
    cell, obs = cfg.axes

    def step(G, d, m):
        r = jax.lax.psum(G @ m, cell) - d
        grad = jax.lax.psum(G.T @ r, obs)
        m_new = m - cfg.step * grad
        m_full = jax.lax.all_gather(m_new, cell, tiled=True, to="reduced")
        return jnp.clip(m_full, cfg.bounds.rho_min, cfg.bounds.rho_max)

    return step


def inputs():
    rng = np.random.default_rng(15)
    G = rng.normal(size=(16, 32)).astype(np.float32)
    return G, rng.normal(size=16).astype(np.float32), np.zeros(32, np.float32)


def main(G, d, m):
    cfg = InversionConfig()
    cell, obs = cfg.axes
    mesh = jax.make_mesh((4, 2), cfg.axes)
    G = jax.device_put(G, NamedSharding(mesh, P(obs, cell)))
    d = jax.device_put(d, NamedSharding(mesh, P(obs)))
    m = jax.device_put(m, NamedSharding(mesh, P(cell)))
    fn = jax.shard_map(make_step(cfg), mesh=mesh, in_specs=(P(obs, cell), P(obs), P(cell)),
                       out_specs=P(None, reduced={cell}))
    return fn(G, d, m)


if __name__ == "__main__":
    main(*inputs())
