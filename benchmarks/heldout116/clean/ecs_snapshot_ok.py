"""ECS world with a save-game system that runs inside the mesh context at the end of the frame loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ROW = P("entities", None)
SAVED = P(None, None, reduced={"entities"})


def movement(c):
    c["position"] = c["position"] + 0.1 * c["velocity"]


def damping(c):
    c["velocity"] = c["velocity"] * 0.98


SYSTEMS = [movement, damping]


def save_game(c):
    return {name: np.asarray(top_level_all_gather(arr, SAVED)) for name, arr in c.items()}


def inputs():
    rng = np.random.default_rng(8)
    return rng.normal(size=(64, 4)).astype(np.float32), rng.normal(size=(64, 4)).astype(np.float32)


def main(position, velocity):
    mesh = jax.make_mesh((8,), ("entities",))
    with jax.set_mesh(mesh):
        comps = {"position": jax.device_put(position, NamedSharding(mesh, ROW)),
                 "velocity": jax.device_put(velocity, NamedSharding(mesh, ROW))}
        for _ in range(4):
            for s in SYSTEMS:
                s(comps)
        blob = save_game(comps)
    print({k: v.shape for k, v in blob.items()})


if __name__ == "__main__":
    main(*inputs())
