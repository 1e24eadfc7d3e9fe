"""Dust and synchrotron templates gathered for a component-separation fit."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NPIX = 192
N_FREQ = 8


class TemplateBank:
    def __init__(self, mesh):
        self.mesh = mesh
        self.pix_axis, self.freq_axis = mesh.axis_names

    def stack(self, templates):
        bands = jax.lax.all_gather(templates, self.freq_axis, axis=1, tiled=True, to="reduced")
        return self.full_sky(bands)

    def full_sky(self, bands):
        return jax.lax.all_gather(bands, self.mesh.axis_names, axis=0, tiled=True, to="reduced")

    def __call__(self, templates):
        spec = P(self.pix_axis, self.freq_axis)
        return jax.shard_map(self.stack, mesh=self.mesh, in_specs=spec,
                             out_specs=P(None, None, reduced=set(self.mesh.axis_names)))(templates)


def inputs():
    nu = np.linspace(30.0, 353.0, N_FREQ, dtype=np.float32)
    pix = np.arange(NPIX, dtype=np.float32)[:, None]
    return ((nu / 100.0) ** 1.6 * (1.0 + 0.01 * pix),)


def main(templates):
    mesh = jax.make_mesh((4, 2), ("pix", "freq"))
    templates = jax.device_put(templates.astype(np.float32), NamedSharding(mesh, P("pix", "freq")))
    return TemplateBank(mesh)(templates)


if __name__ == "__main__":
    main(*inputs())
