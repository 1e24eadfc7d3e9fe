"""Peptide-bond length violations between residue i and i+1 across residue shards."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

VIOLATION_LOSSES = {}


def violation_loss(name):
    def register(fn):
        VIOLATION_LOSSES[name] = fn
        return fn
    return register


class residue_constants:
    c_n_bond_length = 1.329
    c_n_bond_stddev = 0.014
    n_res_shards = 4


def next_shard_first_atoms(full_frames, axis_name):
    perm = [(i, (i - 1) % residue_constants.n_res_shards) for i in range(residue_constants.n_res_shards)]
    return jax.lax.ppermute(full_frames, axis_name, perm)


@violation_loss("peptide_bond")
def peptide_bond_violation(c_atoms, n_atoms, *, axis_name, tolerance_factor):
    n_everywhere = jax.lax.all_gather(n_atoms, axis_name, axis=1, tiled=True, to="reduced")
    following = next_shard_first_atoms(n_everywhere, axis_name)
    length = jnp.sqrt(1e-6 + jnp.sum((c_atoms - following[:, : c_atoms.shape[1]]) ** 2, axis=-1))
    error = jnp.abs(length - residue_constants.c_n_bond_length)
    return jax.nn.relu(error - tolerance_factor * residue_constants.c_n_bond_stddev)


def inputs():
    rng = np.random.default_rng(26)
    c = rng.normal(size=(2, 16, 3)).astype(np.float32)
    n = c + 1.33 * rng.normal(size=c.shape).astype(np.float32)
    return c, n


def main(c, n):
    mesh = jax.make_mesh((2, 4), ("crop", "res"))
    spec = P("crop", "res", None)
    c, n = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (c, n))
    loss = functools.partial(VIOLATION_LOSSES["peptide_bond"], axis_name="res", tolerance_factor=12.0)
    return jax.shard_map(loss, mesh=mesh, in_specs=(spec, spec), out_specs=P("crop", "res"))(c, n)


if __name__ == "__main__":
    main(*inputs())
