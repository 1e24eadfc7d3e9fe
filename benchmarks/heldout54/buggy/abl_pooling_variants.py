# Ablation notebook: sum vs max pooling over a sequence whose positions are sharded over `j`.
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("i", "j"))


def gather_positions(h):
    return jax.lax.all_gather(h, "j", axis=1, to="reduced", tiled=True)


pools = {
    "max": lambda h: gather_positions(h).max(axis=1),
    "sum": lambda h: jax.lax.psum(gather_positions(h), "j").sum(axis=1),
}


def inputs():
    rng = np.random.default_rng(2)
    return (rng.normal(size=(8, 16, 4)).astype(np.float32),)


def main(h):
    h = jax.device_put(h, NamedSharding(mesh, P("i", "j", None)))
    pooled = {}
    for name, pool in pools.items():
        pooled[name] = jax.shard_map(pool, mesh=mesh, in_specs=P("i", "j", None), out_specs=P("i", None))(h)
    return pooled


if __name__ == "__main__":
    main(*inputs())
