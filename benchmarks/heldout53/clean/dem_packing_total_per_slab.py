"""Packed-bed generation: the gathered column volume summed over the bins, not over the slabs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class PackingProbe:
    slab_axis = "slab"
    bin_axis = "bin"

    def column(self, volumes):
        return jax.lax.all_gather(volumes, self.slab_axis, axis=0, tiled=True, to="reduced")

    def total(self, volumes):
        filled = self.column(volumes).sum(axis=1)
        return jax.lax.psum(filled, self.bin_axis)


def inputs():
    rng = np.random.default_rng(91)
    return (rng.uniform(0.0, 4.0e-6, (8, 16)).astype(np.float32),)


def main(volumes):
    mesh = jax.make_mesh((2, 4), ("slab", "bin"))
    volumes = jax.device_put(volumes, NamedSharding(mesh, P("slab", "bin")))
    probe = PackingProbe()
    return jax.shard_map(probe.total, mesh=mesh, in_specs=P("slab", "bin"),
                         out_specs=P(None, reduced={"slab"}))(volumes)


if __name__ == "__main__":
    main(*inputs())
