"""Boids flocking: the cohesion rule steers every agent towards its flock's centre of mass."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclass
class Flock:
    pos: jax.Array
    vel: jax.Array


FLOCK_SPECS = Flock(pos=P("flock", "agents", None), vel=P("flock", "agents", None))


def cohesion_targets(state: Flock, agent_axis="agents"):
    centre = jax.lax.pmean(state.pos.mean(axis=1), agent_axis)
    return jax.lax.all_gather(centre, agent_axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(50)
    return (rng.uniform(-1, 1, (4, 16, 2)).astype(np.float32),
            rng.uniform(-0.1, 0.1, (4, 16, 2)).astype(np.float32))


def main(pos, vel):
    mesh = jax.make_mesh((2, 4), ("flock", "agents"))
    state = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)),
                         Flock(pos, vel), FLOCK_SPECS)
    fn = jax.shard_map(cohesion_targets, mesh=mesh, in_specs=(FLOCK_SPECS,),
                       out_specs=P("flock", None, reduced={"agents"}))
    return fn(state)


if __name__ == "__main__":
    print(main(*inputs()))
