"""`jnp.clip(x, lo, None)` is `jnp.clip(x, lo)`: with a lower bound only, it still combines the
reduced gather with the constant 0.0, which JAX rejects."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def bounded(x, lo=None, hi=None):
    return jnp.clip(x, lo, hi)  # SF106


def body(x):
    full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    return bounded(full, 0.0)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))
    return f(x)


if __name__ == "__main__":
    main()
