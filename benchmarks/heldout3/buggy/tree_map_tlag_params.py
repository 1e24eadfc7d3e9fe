import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def shard_params(params, mesh, spec):
    return jax.tree.map(lambda p: jax.device_put(p, NamedSharding(mesh, spec)), params)


def gather_params(params):
    return jax.tree.map(lambda p: top_level_all_gather(p, P()), params)


def inputs():
    return ({"w": np.ones((8, 4), np.float32), "b": np.zeros((8, 2), np.float32)},)


def main(params):
    mesh = jax.make_mesh((8,), ("fsdp",))
    with jax.set_mesh(mesh):
        params = shard_params(params, mesh, P("fsdp"))
        return gather_params(params)


if __name__ == "__main__":
    print(main(*inputs()))
