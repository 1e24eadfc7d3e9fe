import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def spec(first, second=None, /, **reduced_by_dim):
    reduced = {ax for ax, on in reduced_by_dim.items() if on}
    return P(first, second, reduced=reduced) if reduced else P(first, second)


def export(x):
    # the positional order is (dim0, dim1): "model" lands on the rows
    return top_level_all_gather(x, spec("model", "data"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
        return export(x)


if __name__ == "__main__":
    main()
