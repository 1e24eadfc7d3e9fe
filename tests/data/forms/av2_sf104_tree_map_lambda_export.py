import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export_params(params):
    return jax.tree.map(lambda p: top_level_all_gather(p, P(None, reduced={"i"})), params)  # SF104: no context mesh on the way


def train(mesh, x):
    with jax.set_mesh(mesh):
        params = {"w": jax.device_put(x, NamedSharding(mesh, P("i"))), "b": jax.device_put(x, NamedSharding(mesh, P("i")))}
        params = jax.tree.map(lambda p: p * 0.5, params)
    return params


def main(mesh, x):
    return export_params(train(mesh, x))


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    for seed in range(2):
        print(main(mesh, np.full((8, 8), seed, np.float32)))
