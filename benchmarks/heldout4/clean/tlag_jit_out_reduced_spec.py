"""A jitted projection whose layout comes from a dataclass config; its output is gathered over
the data axis with the axis listed in reduced= and resharded for the host metric."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Layout:
    data: str = "data"
    model: str = "model"

    def activations(self):
        return P(self.data, self.model)

    def gathered(self):
        return P(None, self.model, reduced={self.data})


def inputs():
    return np.arange(16 * 8, dtype=np.float32).reshape(16, 8) / 128.0, np.eye(8, dtype=np.float32)


def main(x, w):
    layout = Layout()
    mesh = jax.make_mesh((2, 4), (layout.data, layout.model))
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P(layout.data)))
        w = jax.device_put(w, NamedSharding(mesh, P()))
        proj = jax.jit(lambda a, b: jnp.tanh(a @ b), out_shardings=NamedSharding(mesh, layout.activations()))
        y = top_level_all_gather(proj(x, w), layout.gathered())
        return jax.reshard(y, P(None, layout.model)) * 2.0


if __name__ == "__main__":
    print(main(*inputs()))
