"""A config object whose __getattr__ derives the reduction axes from the batch layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Defaults:
    reduce_axes = ("data", "model")


class Config(Defaults):
    def __init__(self, batch_axes):
        self.batch_axes = batch_axes

    def __getattribute__(self, name):
        if name == "reduce_axes":
            return object.__getattribute__(self, "batch_axes")
        return object.__getattribute__(self, name)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    cfg = Config(("data",))
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P(cfg.batch_axes)))

    def body(b):
        return jax.lax.psum(jnp.sum(b, axis=0), cfg.reduce_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P(cfg.batch_axes), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
