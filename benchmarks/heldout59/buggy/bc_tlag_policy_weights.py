"""Load a behaviour-cloning policy trained with demo x joint sharding onto the robot's layout."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

DEPLOY_CONFIG = json.loads("""
{
  "train_layout": [["demo", "joint"], null],
  "robot_layout": ["joint", null],
  "gathered": ["demo"]
}
""")


def to_spec(entries, reduced=()):
    dims = [tuple(e) if isinstance(e, list) else e for e in entries]
    return P(*dims, reduced=set(reduced))


def trained_policy(mesh):
    w = np.random.default_rng(21).normal(size=(32, 8)).astype(np.float32)
    return jax.device_put(w, NamedSharding(mesh, to_spec(DEPLOY_CONFIG["train_layout"])))


def inputs():
    mesh = jax.make_mesh((2, 4), ("demo", "joint"))
    return (mesh, trained_policy(mesh))


def main(mesh, policy):
    robot = to_spec(DEPLOY_CONFIG["robot_layout"], DEPLOY_CONFIG["gathered"])
    with jax.set_mesh(mesh):
        deployed = top_level_all_gather(policy, robot)
    return deployed


if __name__ == "__main__":
    main(*inputs())
