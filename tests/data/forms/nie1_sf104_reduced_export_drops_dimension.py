import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def totals(x):
    return x.sum(axis=0) * 2.0  # (the rows' dimension is gone: P('factor'))


def main():
    mesh = jax.make_mesh((4, 2), ("asset", "factor"))
    with jax.set_mesh(mesh):
        raw = jax.device_put(np.ones((64, 8), np.float32), NamedSharding(mesh, P(None, "factor")))
        return top_level_all_gather(totals(raw), P("factor"))


if __name__ == "__main__":
    main()
