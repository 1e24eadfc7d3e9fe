"""dn1's masked batch, gathered whole: `jnp.where(0 < ids, ids, -1)` keeps the batch's layout
over ("data", "model"), and an out spec listing both axes in `reduced=` is what JAX accepts."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        ids = jax.device_put(np.arange(96, dtype=np.int32).reshape(8, 12) - 5,
                             NamedSharding(mesh, P(("data", "model"), None)))
        ids = jnp.where(0 < ids, ids, -1)
        return top_level_all_gather(ids, P(None, None, reduced={"data", "model"}))  # none


if __name__ == "__main__":
    main()
