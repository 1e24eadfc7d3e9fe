"""ECS world with a save-game system: after the frame loop the world is serialised."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class ComponentStore(dict):
    """component name -> (array, spec); entity ids are row indices"""

    def spec(self, name):
        return self[name][1]

    def array(self, name):
        return self[name][0]


def movement_system(store):
    pos, spec = store["position"]
    vel, _ = store["velocity"]
    store["position"] = (jax.jit(lambda p, v: p + 0.1 * v)(pos, vel), spec)


def damping_system(store):
    vel, spec = store["velocity"]
    store["velocity"] = (vel * 0.98, spec)


FRAME_SYSTEMS = [movement_system, damping_system]


def save_game(store):
    blob = {}
    for name in store:
        gathered = top_level_all_gather(store.array(name), P(None, None, reduced={"entities"}))
        blob[name] = np.asarray(gathered)
    return blob


def inputs():
    rng = np.random.default_rng(8)
    return rng.normal(size=(64, 4)).astype(np.float32), rng.normal(size=(64, 4)).astype(np.float32)


def main(position, velocity):
    mesh = jax.make_mesh((8,), ("entities",))
    row = P("entities", None)
    store = ComponentStore()
    with jax.set_mesh(mesh):
        store["position"] = (jax.device_put(position, NamedSharding(mesh, row)), row)
        store["velocity"] = (jax.device_put(velocity, NamedSharding(mesh, row)), row)
        for frame in range(4):
            for sys_fn in FRAME_SYSTEMS:
                sys_fn(store)
    blob = save_game(store)
    print({k: v.shape for k, v in blob.items()})


if __name__ == "__main__":
    main(*inputs())
