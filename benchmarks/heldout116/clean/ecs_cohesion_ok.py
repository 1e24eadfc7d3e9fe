"""ECS boids: cohesion toward the flock centre from a plain (varying) gather of the flock."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class CohesionSystem:
    strength = 0.05

    def __init__(self, mesh):
        spec = P("boids", None)
        self.kernel = jax.shard_map(self.rule, mesh=mesh, in_specs=(spec, spec), out_specs=spec)

    def rule(self, p, v):
        flock = jax.lax.all_gather(p, "boids", axis=0, tiled=True)
        centre = jnp.mean(flock, axis=0, keepdims=True)
        return v + self.strength * (centre - p)

    def __call__(self, comps):
        comps["velocity"] = self.kernel(comps["position"], comps["velocity"])


class MoveSystem:
    def __call__(self, comps):
        comps["position"] = comps["position"] + 0.1 * comps["velocity"]


def inputs():
    return np.random.default_rng(6).uniform(-5, 5, (24, 2)).astype(np.float32), np.zeros((24, 2), np.float32)


def main(pos, vel):
    mesh = jax.make_mesh((8,), ("boids",))
    sh = NamedSharding(mesh, P("boids", None))
    comps = {"position": jax.device_put(pos, sh), "velocity": jax.device_put(vel, sh)}
    order = [CohesionSystem(mesh), MoveSystem()]
    for _ in range(5):
        for system in order:
            system(comps)
    print(np.asarray(comps["position"]).mean(axis=0))


if __name__ == "__main__":
    main(*inputs())
