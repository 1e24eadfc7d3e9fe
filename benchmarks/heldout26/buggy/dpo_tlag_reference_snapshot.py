"""Snapshot the policy's LM head as the frozen reference before DPO starts."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {"embed": P("model", None), "lm_head": P(None, "model")}


class TrainState:
    def __init__(self, params, mesh):
        self.mesh = mesh
        self.params = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), params, PARAM_SPECS)

    def snapshot_reference(self, names=("lm_head",)):
        with jax.set_mesh(self.mesh):
            return {name: top_level_all_gather(self.params[name], P(None, None)) for name in names}


def inputs():
    rng = np.random.default_rng(2624)
    return ({"embed": rng.standard_normal((32, 8)).astype(np.float32),
             "lm_head": rng.standard_normal((8, 32)).astype(np.float32)},)


def main(params):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    state = TrainState(params, mesh)
    return state.snapshot_reference()


if __name__ == "__main__":
    print(main(*inputs()))
