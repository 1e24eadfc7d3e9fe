"""Spatial hash grid for neighbour queries: cell occupancy pooled over agents, then the world."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CELLS = 8


def occupancy(pos):
    cell = jnp.clip(((pos[..., 0] + 1) * CELLS / 2).astype(jnp.int32), 0, CELLS - 1)
    return jax.nn.one_hot(cell, CELLS).sum(axis=-2)


def build_grid(mesh):
    agent_axis, flock_axis = reversed(mesh.axis_names)
    world = tuple(reversed(mesh.axis_names))

    def body(pos):
        occ = occupancy(pos)
        per_flock = jax.lax.all_gather(occ, agent_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(per_flock, world, axis=0, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P(flock_axis, agent_axis, None),
                         out_specs=P(None, None, reduced=set(world)))


def inputs():
    rng = np.random.default_rng(51)
    return (rng.uniform(-1, 1, (4, 16, 2)).astype(np.float32),)


def main(pos):
    mesh = jax.make_mesh((2, 4), ("flock", "agents"))
    pos = jax.device_put(pos, NamedSharding(mesh, P("flock", "agents", None)))
    return build_grid(mesh)(pos)


if __name__ == "__main__":
    print(main(*inputs()))
