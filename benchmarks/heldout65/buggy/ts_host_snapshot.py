"""Train state snapshot: the sharded parameter tree is brought to a host layout before saving."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class SnapshotPolicy:
    param_spec: P = dataclasses.field(default_factory=lambda: P("data", "fsdp"))
    host_spec: P = dataclasses.field(default_factory=lambda: P(None, None, reduced={"data", "fsdp"}))


@dataclasses.dataclass
class TrainState:
    step: int
    params: dict

    def place(self, mesh, policy):
        put = lambda v: jax.device_put(v, NamedSharding(mesh, policy.param_spec))
        return dataclasses.replace(self, params=jax.tree.map(put, self.params))

    def snapshot(self, policy):
        gather = lambda v: top_level_all_gather(v, policy.host_spec)
        return {"step": self.step, "params": jax.tree.map(gather, self.params)}


def inputs():
    rng = np.random.default_rng(12)
    return ({"dense": {"kernel": rng.normal(size=(8, 8)).astype(np.float32)}},)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    policy = SnapshotPolicy()
    state = TrainState(step=3, params=params)
    with jax.set_mesh(mesh):
        state = state.place(mesh, policy)
        return state.snapshot(policy)


if __name__ == "__main__":
    main(*inputs())
