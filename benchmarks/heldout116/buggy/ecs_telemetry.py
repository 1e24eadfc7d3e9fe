"""Entity-component-system boids: components live in dicts, systems run in ORDER each frame."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ENTITY_AXIS = "entities"
LANE_AXIS = "lanes"


class World:
    def __init__(self, mesh):
        self.mesh = mesh
        self.components = {}
        self.resources = {"frame": 0, "telemetry": []}

    def add(self, name, array, spec):
        self.components[name] = jax.device_put(array, NamedSharding(self.mesh, spec))


class System:
    reads = ()
    writes = ()

    def __call__(self, world):
        raise NotImplementedError


class Integrate(System):
    reads = ("position", "velocity")
    writes = ("position",)
    dt = 1.0 / 60.0

    def __call__(self, world):
        def body(pos, vel):
            return pos + self.dt * vel
        spec = P(ENTITY_AXIS, LANE_AXIS)
        world.components["position"] = jax.shard_map(
            body, mesh=world.mesh, in_specs=(spec, spec), out_specs=spec)(
            world.components["position"], world.components["velocity"])


class Telemetry(System):
    """Flock-average velocity, broadcast to every entity shard for the HUD."""
    reads = ("velocity",)

    def __init__(self, over):
        self.over = over

    def __call__(self, world):
        def body(vel):
            mean_vel = jax.lax.pmean(jnp.mean(vel, axis=0, keepdims=True), self.over)
            return jax.lax.all_gather(mean_vel, self.over, axis=0, tiled=True, to="reduced")
        hud = jax.shard_map(body, mesh=world.mesh, in_specs=P(ENTITY_AXIS, LANE_AXIS),
                            out_specs=P(None, LANE_AXIS, reduced={self.over}))(world.components["velocity"])
        world.resources["telemetry"].append(np.asarray(hud))


ORDER = [Integrate(), Telemetry(over=ENTITY_AXIS), Integrate()]


def inputs():
    rng = np.random.default_rng(11)
    return (rng.normal(size=(32, 8)).astype(np.float32), rng.normal(size=(32, 8)).astype(np.float32))


def main(position, velocity):
    mesh = jax.make_mesh((4, 2), (ENTITY_AXIS, LANE_AXIS))
    world = World(mesh)
    world.add("position", position, P(ENTITY_AXIS, LANE_AXIS))
    world.add("velocity", velocity, P(ENTITY_AXIS, LANE_AXIS))
    for _ in range(3):
        for system in ORDER:
            system(world)
        world.resources["frame"] += 1
    print(world.resources["frame"], len(world.resources["telemetry"]))


if __name__ == "__main__":
    main(*inputs())
