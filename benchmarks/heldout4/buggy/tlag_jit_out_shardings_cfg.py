"""A jitted projection whose output layout comes from a dataclass config; the result is then
gathered over the data axis for a host-side metric."""
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
        return P(None, self.model)


def inputs():
    x = np.arange(16 * 8, dtype=np.float32).reshape(16, 8) / 128.0
    w = np.eye(8, dtype=np.float32)
    return x, w


def main(x, w):
    layout = Layout()
    mesh = jax.make_mesh((2, 4), (layout.data, layout.model))
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P(layout.data)))
        w = jax.device_put(w, NamedSharding(mesh, P()))
        proj = jax.jit(lambda a, b: jnp.tanh(a @ b),
                       out_shardings=NamedSharding(mesh, layout.activations()))
        y = proj(x, w)
        y_host = top_level_all_gather(y, layout.gathered())
        return y_host


if __name__ == "__main__":
    print(main(*inputs()))
