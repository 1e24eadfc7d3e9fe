"""A config dict subclass whose lookups of axes drop the axes the batch is not split on."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LayoutConfig(dict):
    def __getitem__(self, key):
        value = dict.__getitem__(self, key)
        if key.endswith("_axes"):
            batch = dict.__getitem__(self, "batch_axes")
            return tuple(a for a in value if a in batch)
        return value


CFG = LayoutConfig(batch_axes=("data",), loss_axes=("data", "model"))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P(CFG["batch_axes"])))

    def body(b):
        return jax.lax.pmean(jnp.mean(b), CFG["loss_axes"])

    return jax.shard_map(body, mesh=mesh, in_specs=P(CFG["batch_axes"]), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
