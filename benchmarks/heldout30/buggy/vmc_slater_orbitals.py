"""Slater-determinant ansatz: orbital values pooled over the orbital shards, then every walker."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = {"walkers": "walkers", "orbitals": "orbitals"}


def orbital_values(r, k):
    return jnp.cos(r[:, :, None] * k[None, None, :]).sum(axis=1)


def slater_matrix(r, k, axes=MESH_AXES):
    phi = orbital_values(r, k)
    full = jax.lax.all_gather(phi, axes["orbitals"], axis=1, tiled=True, to="reduced")
    batch = jax.lax.all_gather(full, (axes["walkers"], axes["orbitals"]), axis=0, tiled=True,
                               to="reduced")
    return batch


def inputs():
    rng = np.random.default_rng(113)
    return (rng.normal(size=(16, 3)).astype(np.float32),
            np.linspace(0.5, 2.0, 8).astype(np.float32))


def main(r, k):
    mesh = jax.make_mesh((4, 2), ("walkers", "orbitals"))
    r = jax.device_put(r, NamedSharding(mesh, P("walkers")))
    k = jax.device_put(k, NamedSharding(mesh, P("orbitals")))
    fn = jax.shard_map(slater_matrix, mesh=mesh, in_specs=(P("walkers"), P("orbitals")),
                       out_specs=P(reduced={"walkers", "orbitals"}))
    return fn(r, k)


if __name__ == "__main__":
    print(main(*inputs()))
