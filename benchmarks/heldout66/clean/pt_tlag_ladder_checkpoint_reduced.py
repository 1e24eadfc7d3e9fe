"""Checkpoint of a parallel-tempering state: replica configurations regrouped per chain."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

N_TEMPS = 8
N_CHAINS = 16

CONFIG = json.loads("""
{
  "mesh": {"shape": [2, 4], "axes": ["temp", "chain"]},
  "layouts": {
    "state": {"dims": ["temp", "chain"], "reduced": []},
    "checkpoint": {"dims": [null, "chain"], "reduced": ["temp"]}
  }
}
""")


def spec_of(entry):
    return P(*entry["dims"], reduced=set(entry["reduced"]))


class Checkpointer:
    def __init__(self, config):
        self.layouts = {k: spec_of(v) for k, v in config["layouts"].items()}

    def save(self, state):
        return top_level_all_gather(state, self.layouts["checkpoint"])


def inputs():
    rng = np.random.default_rng(137)
    return (rng.choice(np.array([-1.0, 1.0], np.float32), size=(N_TEMPS, N_CHAINS)),)


def main(state):
    mesh = jax.make_mesh(tuple(CONFIG["mesh"]["shape"]), tuple(CONFIG["mesh"]["axes"]))
    ckpt = Checkpointer(CONFIG)
    with jax.set_mesh(mesh):
        state = jax.device_put(state, NamedSharding(mesh, ckpt.layouts["state"]))
        saved = ckpt.save(state)
    return saved


if __name__ == "__main__":
    main(*inputs())
