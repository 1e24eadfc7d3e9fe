"""Root-water uptake and the regional transpiration diagnostic of a land-surface ensemble."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def feddes(theta, *, wilting=0.1, stress=0.2):
    return jnp.clip((theta - wilting) / (stress - wilting), 0.0, 1.0)


def uptake(theta, roots, pet, *, axes=("tile", "member"), n_members=2):
    tile, member = axes
    demand = pet[:, None] * roots * feddes(theta)
    column = demand.sum(axis=1)
    ensemble_mean = jax.lax.psum(column, member) / n_members
    regional = jax.lax.pmean(ensemble_mean, axes)
    return column, regional


def inputs():
    rng = np.random.default_rng(34)
    theta = rng.uniform(0.05, 0.4, size=(16, 6)).astype(np.float32)
    roots = np.tile(np.array([0.4, 0.3, 0.15, 0.1, 0.05, 0.0], np.float32), (16, 1))
    pet = rng.uniform(2.0, 5.0, size=16).astype(np.float32)
    return theta, roots, pet


def main(theta, roots, pet):
    mesh = jax.make_mesh((4, 2), ("tile", "member"))
    row = P(("tile", "member"), None)
    theta = jax.device_put(theta, NamedSharding(mesh, row))
    roots = jax.device_put(roots, NamedSharding(mesh, row))
    pet = jax.device_put(pet, NamedSharding(mesh, P(("tile", "member"))))
    fn = jax.shard_map(uptake, mesh=mesh, in_specs=(row, row, P(("tile", "member"))),
                       out_specs=(P(("tile", "member")), P()))
    return fn(theta, roots, pet)


if __name__ == "__main__":
    main(*inputs())
