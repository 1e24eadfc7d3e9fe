"""As ta3 (a retried `main` whose jitted body makes many staged jax.numpy calls), but the psum is
over "i": the block stays varying on "j", which the gather to "reduced" over "j" takes."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def retry(*kinds, attempts=2):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for i in range(attempts):
                try:
                    return fn(*args, **kwargs)
                except kinds:
                    if i == attempts - 1:
                        raise
        return wrapper
    return deco


def body(x):
    h = jnp.tanh(jnp.exp(jnp.square(x)))
    h = jnp.abs(jnp.negative(h)) + jnp.log1p(jnp.abs(x))
    s = jnp.sum(jnp.mean(h, axis=0, keepdims=True), axis=1)
    red = jax.lax.psum(s, "i")
    return jax.lax.all_gather(red, "j", to="reduced")


@retry(RuntimeError)
def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", reduced={"j"})))(x)


if __name__ == "__main__":
    main()
