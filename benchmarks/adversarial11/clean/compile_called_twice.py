"""compile() sets the loss axes after construction; the second call narrows them."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Model:
    def __init__(self):
        self.loss_axes = None

    def compile(self, loss_axes=("i", "j")):
        self.loss_axes = loss_axes

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.loss_axes)


def main(mesh, x):
    model = Model()
    model.compile()
    model.compile(loss_axes=("i",))
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
