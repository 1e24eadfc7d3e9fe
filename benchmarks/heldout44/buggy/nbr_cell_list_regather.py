"""Cell-list binning of positions gathered first along atoms, then along both mesh axes."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class CellList:
    box_size: float
    cell_size: float
    axes: tuple = ()

    @property
    def cells_per_side(self):
        return int(self.box_size // self.cell_size)

    def cell_ids(self, position):
        n = self.cells_per_side
        ijk = jnp.floor(position / self.cell_size).astype(jnp.int32) % n
        return ijk[..., 0] * n * n + ijk[..., 1] * n + ijk[..., 2]

    def gather_positions(self, position):
        atoms = self.axes[0]
        along_atoms = jax.lax.all_gather(position, atoms, axis=1, tiled=True, to="reduced")
        return along_atoms.astype(jnp.float32)

    def build(self, position):
        shared = self.gather_positions(position)
        everything = jax.lax.all_gather(shared, self.axes, axis=0, tiled=True, to="reduced")
        return everything


def inputs():
    rng = np.random.default_rng(7)
    return (rng.uniform(0.0, 6.0, size=(4, 32, 3)).astype(np.float32),)


def main(position):
    mesh = jax.make_mesh((2, 4), ("replica", "atoms"))
    cells = CellList(box_size=6.0, cell_size=1.5, axes=mesh.axis_names[::-1])
    spec = P(*mesh.axis_names, None)
    position = jax.device_put(position, NamedSharding(mesh, spec))
    return jax.shard_map(cells.build, mesh=mesh, in_specs=(spec,),
                         out_specs=P(None, None, None, reduced=set(mesh.axis_names)))(position)


if __name__ == "__main__":
    main(*inputs())
