"""With neither bound, `jnp.clip(x, None, None)` is `jnp.clip(x)`: no constant meets the reduced
gather, which stays reduced and is returned as such."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def bounded(x, lo=None, hi=None):
    return jnp.clip(x, lo, hi)


def body(x):
    full = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    return bounded(full)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))
    return f(x)


if __name__ == "__main__":
    main()
