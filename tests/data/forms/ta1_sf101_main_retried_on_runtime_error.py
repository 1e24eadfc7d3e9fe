"""A retry decorator re-raises only on its last attempt and calls `main` again on the others:
the mesh and placements of the first attempt may raise RuntimeError into it, and the second
attempt then runs the same lines again, reaching the same gather of a psum's invariant result
to "reduced" (all_gather_reduced only takes varying inputs)."""
import functools
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RETRIES = {"count": 0}


def retry(*kinds, attempts=2):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            for i in range(attempts):
                try:
                    return fn(*args, **kwargs)
                except kinds as e:
                    if i == attempts - 1:
                        raise
                    RETRIES["count"] += 1
                    print("retrying after", repr(e))
                    time.sleep(0.01)
        return wrapper
    return deco


def body(x):
    total = jax.lax.psum(jnp.sum(x), "i")
    return jax.lax.all_gather(total, "i", to="reduced")  # SF101


@retry(RuntimeError)
def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"})))(x)


if __name__ == "__main__":
    main()
