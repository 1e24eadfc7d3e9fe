"""ECS boids: the cohesion rule steers every boid toward the flock centre."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

COHESION = 0.05
WORLD = {"entities": {}, "systems": []}


def spawn(eid, **components):
    WORLD["entities"][eid] = components


def flock_centre(all_positions):
    return jnp.mean(all_positions, axis=0, keepdims=True)


def cohesion_system(mesh, pos, vel):
    def rule(p, v):
        flock = jax.lax.all_gather(p, "boids", axis=0, tiled=True, to="reduced")
        centre = flock_centre(flock)
        return v + COHESION * (centre - p)
    spec = P("boids", None)
    return jax.shard_map(rule, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(pos, vel)


def move_system(mesh, pos, vel):
    return pos + vel * 0.1, vel


WORLD["systems"] = [("cohesion", cohesion_system), ("move", move_system)]


def inputs():
    rng = np.random.default_rng(6)
    return rng.uniform(-5, 5, (24, 2)).astype(np.float32), np.zeros((24, 2), np.float32)


def main(positions, velocities):
    mesh = jax.make_mesh((8,), ("boids",))
    for eid in range(positions.shape[0]):
        spawn(eid, position=positions[eid], velocity=velocities[eid])
    ids = sorted(WORLD["entities"])
    pos = np.stack([WORLD["entities"][e]["position"] for e in ids])
    vel = np.stack([WORLD["entities"][e]["velocity"] for e in ids])
    sh = NamedSharding(mesh, P("boids", None))
    pos, vel = jax.device_put(pos, sh), jax.device_put(vel, sh)
    for _ in range(5):
        for name, fn in WORLD["systems"]:
            if name == "move":
                pos, vel = fn(mesh, pos, vel)
            else:
                vel = fn(mesh, pos, vel)
    print(np.asarray(pos).mean(axis=0))


if __name__ == "__main__":
    main(*inputs())
