"""A retry decorator calls `main` again after a RuntimeError: the first attempt probes a GPU
(`jax.devices("gpu")` raises on a CPU host), the second counts itself and takes the CPU plan,
whose gather is of a varying block; the GPU plan's gather of an invariant psum is never traced."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ATTEMPTS = {"main": 0}


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


def gpu_body(x):
    total = jax.lax.psum(jnp.sum(x), "i")
    return jax.lax.all_gather(total, "i", to="reduced")


def cpu_body(x):
    return jax.lax.all_gather(jax.lax.psum(jnp.sum(x), "j"), "i", to="reduced")


@retry(RuntimeError)
def main():
    ATTEMPTS["main"] += 1
    if ATTEMPTS["main"] == 1:
        mesh = jax.make_mesh((2, 4), ("i", "j"), devices=jax.devices("gpu"))
        body = gpu_body
    else:
        mesh = jax.make_mesh((2, 4), ("i", "j"))
        body = cpu_body
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"})))(x)


if __name__ == "__main__":
    main()
