"""PIC energy diagnostics with a dataclass config whose property lists the reduction axes."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class PlasmaConfig:
    particle_axis: str = "ptcl"
    species_axis: str = "species"
    mass: float = 1.0

    @property
    def all_axes(self):
        return (self.species_axis, self.particle_axis)


def inputs():
    v = np.linspace(-1, 1, 64, dtype=np.float32).reshape(4, 16)
    return (v,)


def kinetic(v, cfg):
    per_species = jax.lax.pmean(0.5 * cfg.mass * jnp.mean(v * v, axis=1), cfg.particle_axis)
    return per_species


def diagnostics(v, cfg=PlasmaConfig()):
    ke = kinetic(v, cfg)
    return jax.lax.pmean(ke, cfg.all_axes)


def main(v):
    cfg = PlasmaConfig()
    mesh = jax.make_mesh((2, 4), (cfg.species_axis, cfg.particle_axis))
    v = jax.device_put(v, NamedSharding(mesh, P(cfg.species_axis, cfg.particle_axis)))
    f = jax.shard_map(diagnostics, mesh=mesh, in_specs=P(cfg.species_axis, cfg.particle_axis),
                      out_specs=P())
    return f(v)


if __name__ == "__main__":
    print(main(*inputs()))
