import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

DP, MP = "dp", "mp"


def local_update(w, g):
    return w - 0.1 * g


def step(mesh, w, g):
    spec = P(DP, MP)
    new_w = jax.shard_map(local_update, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(w, g)
    return top_level_all_gather(new_w, P(DP))


def inputs():
    return np.ones((8, 8), np.float32), np.arange(64, dtype=np.float32).reshape(8, 8)


def main(w, g):
    mesh = jax.make_mesh((4, 2), (DP, MP))
    with jax.set_mesh(mesh):
        w = jax.device_put(w, P(DP, MP))
        g = jax.device_put(g, P(DP, MP))
        return step(mesh, w, g)


if __name__ == "__main__":
    print(main(*inputs()))
