"""functools.partial binds a NumPy constant as the body's first parameter; in_specs are the rest."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCALE = np.full((8,), 0.5, np.float32)


def body(scale, v):
    s = jax.lax.pcast(v[0], "i", to="varying")
    return jax.lax.psum(s * jnp.sum(v, axis=0), "i")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", None)))
    f = jax.shard_map(functools.partial(body, SCALE), mesh=mesh, in_specs=P("i", None), out_specs=P())
    return f(x)


if __name__ == "__main__":
    print(main(*inputs()))
