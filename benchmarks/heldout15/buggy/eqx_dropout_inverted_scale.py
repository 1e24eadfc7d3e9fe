"""Equinox-style module with DropConnect: the gathered weight is rescaled by 1 / keep."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class DropConnectLinear:
    weight: jax.Array
    rate: float = dataclasses.field(default=0.1, metadata=dict(static=True))
    axis: str = dataclasses.field(default="shard", metadata=dict(static=True))

    def full_weight(self):
        return jax.lax.all_gather(self.weight, self.axis, axis=0, tiled=True, to="reduced")

    def __call__(self, x, key):
        w = self.full_weight() / (1.0 - self.rate)
        keep = jax.random.bernoulli(key, 1.0 - self.rate, w.shape)
        return x @ jnp.where(keep, w, 0.0)


def inputs():
    x = np.linspace(-1, 1, 64, dtype=np.float32).reshape(8, 8)
    w = np.linspace(1, -1, 64, dtype=np.float32).reshape(8, 8)
    return x, w


def main(x, w):
    mesh = jax.make_mesh((8,), ("shard",))
    layer = DropConnectLinear(jax.device_put(w, NamedSharding(mesh, P("shard", None))))
    x = jax.device_put(x, NamedSharding(mesh, P()))
    key = jax.random.key(0)
    f = jax.shard_map(lambda m, v: m(v, key), mesh=mesh,
                      in_specs=(DropConnectLinear(P("shard", None)), P()), out_specs=P())
    return f(layer, x)


if __name__ == "__main__":
    print(main(*inputs()))
