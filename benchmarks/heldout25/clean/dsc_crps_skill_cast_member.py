"""Continuous ranked probability score of the downscaled ensemble, pooled over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(3)
    ens = rng.normal(15.0, 2.0, size=(8, 64)).astype(np.float32)
    truth = rng.normal(15.0, 2.0, size=(64,)).astype(np.float32)
    return ens, truth


def make_scorer(mesh):
    member_axis, tile_axis = mesh.axis_names
    n_members = mesh.shape[member_axis]

    def crps(ens, truth):
        spread = jnp.abs(ens - truth).mean(axis=0)
        skill = jax.lax.psum(spread, member_axis) / n_members
        skill = jax.lax.pcast(skill, member_axis, to="varying")
        return jax.lax.pmean(skill.mean(), mesh.axis_names)

    return crps


def main(ens, truth):
    mesh = jax.make_mesh((2, 4), ("member", "tile"))
    ens = jax.device_put(ens, NamedSharding(mesh, P("member", "tile")))
    truth = jax.device_put(truth, NamedSharding(mesh, P("tile")))
    score = jax.shard_map(make_scorer(mesh), mesh=mesh,
                          in_specs=(P("member", "tile"), P("tile")), out_specs=P())
    return score(ens, truth)


if __name__ == "__main__":
    print(main(*inputs()))
