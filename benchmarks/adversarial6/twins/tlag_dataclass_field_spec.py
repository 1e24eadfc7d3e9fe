"""The spec is a dataclass field default, overridden at construction with the mesh-order layout."""
import dataclasses
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Layout:
    w: P = dataclasses.field(default_factory=lambda: P("model", "data"))


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    layout = Layout()
    w = jax.device_put(x, NamedSharding(mesh, layout.w))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))
