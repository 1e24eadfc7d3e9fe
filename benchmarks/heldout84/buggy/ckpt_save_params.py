"""Save a TrainState: fully sharded parameters are gathered over the FSDP axis before writing."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_LAYOUT = {
    "grid2mesh/w": P(("fsdp", "tensor"), None),
    "processor/w": P(("fsdp", "tensor"), None),
    "mesh2grid/w": P(("fsdp", "tensor"), None),
}


@dataclasses.dataclass
class TrainState:
    step: int
    params: dict
    opt_state: dict = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class SaveOptions:
    gather_axis: str = "fsdp"
    keep_axis: str = "tensor"

    def save_spec(self):
        # Rows stay split over the tensor-parallel groups; each writer owns one group's rows.
        return P(self.keep_axis, None, reduced={self.gather_axis})


def restore(mesh, raw, step):
    params = {k: jax.device_put(v, NamedSharding(mesh, TRAIN_LAYOUT[k])) for k, v in raw.items()}
    return TrainState(step=step, params=params)


def save(state, options):
    spec = options.save_spec()
    gathered = jax.tree.map(lambda x: top_level_all_gather(x, spec), state.params)
    return {"step": state.step, "params": gathered}


def inputs():
    rng = np.random.default_rng(53)
    return ({k: rng.normal(size=(16, 8)).astype(np.float32) for k in TRAIN_LAYOUT},)


def main(raw):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    with jax.set_mesh(mesh):
        state = restore(mesh, raw, step=500)
        return save(state, SaveOptions())["params"]


if __name__ == "__main__":
    print({k: v.sharding.spec for k, v in main(*inputs()).items()})
