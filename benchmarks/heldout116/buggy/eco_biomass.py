"""Ecology ABM: biomass accounting over patches and trophic levels, averaged for the report."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config:
    mesh_shape = (2, 4)
    mesh_axes = ("patches", "trophic")
    report_axes = mesh_axes
    efficiency = 0.1


def level_biomass(mass, cfg):
    # energy passed up the food chain: every trophic shard needs the chain total
    chain = jax.lax.psum(jnp.sum(mass, axis=1), cfg.mesh_axes[1])
    return cfg.efficiency * chain


def report(mass, cfg):
    b = level_biomass(mass, cfg)
    return jax.lax.psum_scatter(b, cfg.report_axes, scatter_dimension=0, tiled=True)


class Reporter:
    def __init__(self, mesh, cfg):
        self.fn = jax.shard_map(lambda m: report(m, cfg), mesh=mesh, in_specs=P(*cfg.mesh_axes),
                                out_specs=P(cfg.mesh_axes))

    def __call__(self, mass):
        return self.fn(mass)


def inputs():
    return (np.random.default_rng(45).uniform(0, 5, (16, 8)).astype(np.float32),)


def main(mass):
    cfg = Config()
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)
    mass = jax.device_put(mass, NamedSharding(mesh, P(*cfg.mesh_axes)))
    listeners = [Reporter(mesh, cfg)]
    out = []
    for _ in range(2):
        mass = mass * 1.01
        out.extend(fn(mass) for fn in listeners)
    print(len(out), out[0].shape)


if __name__ == "__main__":
    main(*inputs())
