"""Attenuation through a layered medium: macroscopic cross sections are tabulated per
energy group on the group ranks, gathered, and scaled by the material density."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class Material:
    density: float = 7.87
    axes: dict = field(default_factory=lambda: {"groups": "g", "layers": "layer"})

    @property
    def group_axis(self):
        return self.axes["groups"]


def attenuation(sigma_block, mat=Material()):
    sigma = jax.lax.all_gather(sigma_block, mat.group_axis, axis=1, tiled=True, to="reduced")
    mu = sigma * mat.density
    return jnp.exp(-mu)


def inputs():
    return (np.linspace(0.01, 0.5, 4 * 16, dtype=np.float32).reshape(4, 16),)


def main(sigma):
    mat = Material()
    mesh = jax.make_mesh((2, 4), (mat.axes["layers"], mat.axes["groups"]))
    spec = P(mat.axes["layers"], mat.axes["groups"])
    sigma = jax.device_put(sigma, NamedSharding(mesh, spec))
    f = jax.shard_map(attenuation, mesh=mesh, in_specs=spec,
                      out_specs=P(mat.axes["layers"], None, reduced={mat.axes["groups"]}))
    return f(sigma)


if __name__ == "__main__":
    print(main(*inputs()))
