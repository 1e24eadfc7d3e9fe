"""The reduction is looked up by a computed name: pmax (not psum), which 0.10.2 accepts over mixed axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCTION = "max"


def reducer(kind):
    return getattr(jax.lax, "p" + kind)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    red = reducer(REDUCTION)

    def body(v):
        return red(jnp.abs(v).max(), ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
