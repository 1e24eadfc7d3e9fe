"""Ecology ABM: the chain biomass is reduce-scattered over the patches only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config:
    mesh_shape = (2, 4)
    mesh_axes = ("patches", "trophic")
    efficiency = 0.1


def report(mass, cfg):
    chain = jax.lax.psum(jnp.sum(mass, axis=1), cfg.mesh_axes[1])
    b = cfg.efficiency * chain
    # b no longer varies over trophic levels: scatter over the patches alone
    return jax.lax.psum_scatter(b, cfg.mesh_axes[0], scatter_dimension=0, tiled=True)


def inputs():
    return (np.random.default_rng(45).uniform(0, 5, (16, 8)).astype(np.float32),)


def main(mass):
    cfg = Config()
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)
    mass = jax.device_put(mass, NamedSharding(mesh, P(*cfg.mesh_axes)))
    reporter = jax.shard_map(lambda m: report(m, cfg), mesh=mesh, in_specs=P(*cfg.mesh_axes),
                             out_specs=P(cfg.mesh_axes[0]))
    out = []
    for _ in range(2):
        mass = mass * 1.01
        out.append(reporter(mass))
    print(len(out), out[0].shape)


if __name__ == "__main__":
    main(*inputs())
