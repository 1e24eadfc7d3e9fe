"""Packed-bed generation: packing fraction of each bin averaged over the slabs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class PackingProbe:
    slab_axis = "slab"

    def __init__(self, bin_volume):
        self.bin_volume = bin_volume

    def column(self, volumes):
        return jax.lax.all_gather(volumes, self.slab_axis, axis=0, tiled=True, to="reduced")

    def fraction(self, volumes):
        filled = self.column(volumes).sum(axis=0)
        return jax.lax.pmean(filled, self.slab_axis)


def inputs():
    rng = np.random.default_rng(82)
    return (rng.uniform(0.0, 4.0e-6, (8, 16)).astype(np.float32),)


def main(volumes):
    mesh = jax.make_mesh((2, 4), ("slab", "bin"))
    volumes = jax.device_put(volumes, NamedSharding(mesh, P("slab", "bin")))
    probe = PackingProbe(bin_volume=1.0e-5)
    return jax.shard_map(probe.fraction, mesh=mesh, in_specs=P("slab", "bin"),
                         out_specs=P("bin"))(volumes)


if __name__ == "__main__":
    main(*inputs())
