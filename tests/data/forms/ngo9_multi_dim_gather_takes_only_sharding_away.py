"""With multi_dim=True a gather of dimension 0 whole beside dimension 1 kept as the input has it:
every changed dimension loses sharding, which JAX accepts."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def export(probs, layout):
    return top_level_all_gather(probs, P(None, None, None, reduced={layout[0]}), multi_dim=True)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        probs = jax.device_put(np.ones((4, 2, 8), np.float32), NamedSharding(mesh, P("data")))
        return export(probs, ("data", "model"))


if __name__ == "__main__":
    main()
