"""A model object switched to data-parallel mode by a method call before the step runs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Model:
    def __init__(self):
        self.axes = ("data", "model")
        self.spec = P("data", "model")

    def data_parallel_only(self):
        self.axes = ("data",)
        self.spec = P("data")
        return self

    def loss(self, b):
        return jax.lax.psum(jnp.sum(b ** 2), self.axes)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    model = Model()
    model.data_parallel_only()
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, model.spec))
    return jax.shard_map(model.loss, mesh=mesh, in_specs=model.spec, out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
