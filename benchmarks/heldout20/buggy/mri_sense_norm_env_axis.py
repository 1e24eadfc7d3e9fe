"""SENSE reconstruction: the sensitivity normaliser summed over coils, shared for the adjoint."""
import dataclasses
import os

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Recon:
    slice_axis: str = os.environ.get("MRI_SLICE_AXIS", "slice")
    coil_axis: str = os.environ.get("MRI_COIL_AXIS", "coil")

    def mesh(self):
        return jax.make_mesh((2, 4), (self.slice_axis, self.coil_axis))

    def normaliser(self, sens):
        norm = jax.lax.psum(jnp.sum(sens ** 2, axis=1), self.coil_axis)
        return jax.lax.all_gather(norm, self.coil_axis, axis=0, tiled=True, to="reduced")


def inputs():
    r = Recon()
    sens = jax.random.normal(jax.random.key(60), (8, 8, 32))
    return (jax.device_put(sens, NamedSharding(r.mesh(), P(r.slice_axis, r.coil_axis, None))),)


def main(sens, recon=None):
    recon = recon or Recon()
    return jax.shard_map(recon.normaliser, mesh=recon.mesh(),
                         in_specs=P(recon.slice_axis, recon.coil_axis, None),
                         out_specs=P(recon.slice_axis, None, reduced={recon.coil_axis}))(sens)
