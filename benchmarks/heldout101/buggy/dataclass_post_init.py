"""A checkpoint spec dataclass that derives its gather spec in __post_init__."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class CheckpointSpec:
    axes: tuple
    gather_dim: int = 0
    spec: P = dataclasses.field(init=False)

    def __post_init__(self):
        entries = list(self.axes)
        entries[self.gather_dim] = None
        self.spec = P(*entries)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    ck = CheckpointSpec(axes=("data", "model"))
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P(*ck.axes)))
        saved = top_level_all_gather(w, ck.spec)
    return saved


if __name__ == "__main__":
    main()
