"""Protein-ligand docking scorer: a steric clash penalty over the receptor's gathered atoms."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ClashScorer:
    mesh_axes = ("ligands", "receptor")

    def __init__(self, radius=1.5):
        self.radius = radius

    def receptor_atoms(self, atoms):
        return jax.lax.all_gather(atoms, self.mesh_axes[1], axis=0, tiled=True, to="reduced")

    def penalty(self, overlap):
        return jax.nn.relu(overlap)

    def __call__(self, atoms):
        full = self.receptor_atoms(atoms)
        return self.penalty(full)


def inputs():
    atoms = np.linspace(-2, 2, 16 * 4, dtype=np.float32).reshape(16, 4)
    return (atoms,)


def main(atoms):
    scorer = ClashScorer()
    mesh = jax.make_mesh((2, 4), ClashScorer.mesh_axes)
    spec = P(ClashScorer.mesh_axes[1], ClashScorer.mesh_axes[0])
    atoms = jax.device_put(atoms, NamedSharding(mesh, spec))
    fn = jax.shard_map(scorer, mesh=mesh, in_specs=spec,
                       out_specs=P(None, ClashScorer.mesh_axes[0],
                                   reduced={ClashScorer.mesh_axes[1]}))
    return fn(atoms)
