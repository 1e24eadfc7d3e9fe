import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Dense:
    axis = "fsdp"

    def __init__(self, mesh):
        self.mesh = mesh

    def apply(self, w_shard, x):
        w = jax.lax.all_gather(w_shard, self.axis, to="reduced", tiled=True)
        y = x @ w
        return jax.nn.relu(y * 2.0 + 1.0)

    def __call__(self, w, x):
        return jax.shard_map(self.apply, mesh=self.mesh, in_specs=(P(self.axis), P()), out_specs=P())(w, x)


def inputs():
    return np.ones((8, 4), np.float32) / 8, np.ones((2, 8), np.float32)


def main(w, x):
    mesh = jax.make_mesh((8,), ("fsdp",))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp")))
    x = jax.device_put(x, NamedSharding(mesh, P()))
    return Dense(mesh)(w, x)
