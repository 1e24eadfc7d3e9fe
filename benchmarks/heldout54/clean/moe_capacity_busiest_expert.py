# Expert capacity, quick experiment: how many tokens get dropped at capacity factor 1.0 vs 1.25?
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "expert"))


def tokens_per_expert(assign):
    return jax.lax.all_gather(assign.sum(axis=0), "data", to="reduced", tiled=True)


def kept(assign, capacity):
    per_expert = tokens_per_expert(assign)
    busiest = jax.lax.pmax(jnp.max(per_expert), "expert")
    return jnp.minimum(busiest, capacity)


def inputs():
    rng = np.random.default_rng(4)
    idx = rng.integers(0, 8, size=(32,))
    return (np.eye(8, dtype=np.float32)[idx],)


def main(assign):
    assign = jax.device_put(assign, NamedSharding(mesh, P("data", "expert")))
    out = {}
    for factor in [1.0, 1.25]:
        capacity = factor * 32 / 8
        f = jax.shard_map(lambda a: kept(a, capacity), mesh=mesh, in_specs=P("data", "expert"),
                          out_specs=P())
        out[factor] = f(assign)
    return out


if __name__ == "__main__":
    main(*inputs())
