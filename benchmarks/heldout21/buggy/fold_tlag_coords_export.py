"""Export predicted atom coordinates from the jitted structure module for the PDB writer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

RESIDUE_AXIS = "res"
ATOM14 = 14


def build_predict(mesh):
    residues = NamedSharding(mesh, P(RESIDUE_AXIS, None, None))

    @jax.jit
    def _predict(frames, local_atoms):
        rot, trans = frames[..., :9].reshape(-1, 3, 3), frames[..., 9:]
        return jnp.einsum("rij,raj->rai", rot, local_atoms) + trans[:, None, :]

    def predict(frames, local_atoms):
        return jax.jit(_predict, out_shardings=residues)(frames, local_atoms)

    return predict


def to_pdb_layout(coords):
    return top_level_all_gather(coords, P(None, None, None))


def inputs():
    rng = np.random.default_rng(1)
    rot = np.tile(np.eye(3, dtype=np.float32).reshape(1, 9), (16, 1))
    trans = rng.standard_normal((16, 3)).astype(np.float32)
    local = rng.standard_normal((16, ATOM14, 3)).astype(np.float32)
    return np.concatenate([rot, trans], axis=1), local


def main(frames, local_atoms):
    mesh = jax.make_mesh((8,), (RESIDUE_AXIS,))
    predict = build_predict(mesh)
    frames = jax.device_put(frames, NamedSharding(mesh, P(RESIDUE_AXIS, None)))
    local_atoms = jax.device_put(local_atoms, NamedSharding(mesh, P(RESIDUE_AXIS, None, None)))
    with jax.set_mesh(mesh):
        coords = predict(frames, local_atoms)
        pdb = to_pdb_layout(coords)
    return pdb


if __name__ == "__main__":
    print(main(*inputs()))
