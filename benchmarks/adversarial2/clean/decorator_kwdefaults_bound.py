"""A decorator fills the keyword-only default from the layout (__kwdefaults__)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def layout_axes(*axes):
    def deco(fn):
        fn.__kwdefaults__ = dict(fn.__kwdefaults__ or {}, axes=axes)
        return fn
    return deco


@layout_axes("replica")
def reduce_loss(per_example, *, axes=("replica", "shard")):
    return jax.lax.pmean(jnp.mean(per_example), axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    x = jax.device_put(x, NamedSharding(mesh, P("replica", None)))
    return jax.shard_map(reduce_loss, mesh=mesh, in_specs=P("replica", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
