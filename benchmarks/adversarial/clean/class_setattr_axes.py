"""A registry configures a model class with setattr before it is used."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Head:
    AXES = ("data", "model")

    def __call__(self, b):
        return jax.lax.pmean(jnp.mean(b, axis=0), self.AXES)


def register(cls, **attrs):
    for k, v in attrs.items():
        setattr(cls, k, v)
    return cls


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    register(Head, AXES=("data",))
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    return jax.shard_map(Head(), mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
