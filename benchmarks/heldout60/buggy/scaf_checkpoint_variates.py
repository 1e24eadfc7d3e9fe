"""Checkpointing SCAFFOLD state: the control variates are gathered into the checkpoint layout."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layouts:
    def __init__(self, silo="silo", shard="shard"):
        self.silo = silo
        self.shard = shard

    def training(self):
        return P(self.silo, self.shard)

    def for_checkpoint(self):
        return P(None, self.shard)


class CheckpointManager:
    def __init__(self, mesh, layouts):
        self.mesh = mesh
        self.layouts = layouts

    def save(self, state):
        saved = {}
        with jax.set_mesh(self.mesh):
            for name, value in state.items():
                saved[name] = top_level_all_gather(value, self.layouts.for_checkpoint())
        return saved


def inputs():
    rng = np.random.default_rng(5)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(c_global, c_local):
    layouts = Layouts()
    mesh = jax.make_mesh((4, 2), (layouts.silo, layouts.shard))
    sharding = NamedSharding(mesh, layouts.training())
    state = {"c_global": jax.device_put(c_global, sharding), "c_local": jax.device_put(c_local, sharding)}
    return CheckpointManager(mesh, layouts).save(state)


if __name__ == "__main__":
    main(*inputs())
