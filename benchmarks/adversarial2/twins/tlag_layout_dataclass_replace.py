"""The layout dataclass's default spec is replaced with dataclasses.replace for this run."""
import dataclasses

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Layout:
    batch: P = P("b")
    gathered: P = P("a", reduced={"b"})


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    layout = Layout()
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    x = jax.device_put(x, NamedSharding(mesh, layout.batch))
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, layout.gathered)


if __name__ == "__main__":
    print(main(*inputs()))
