"""With multi_dim=True JAX gathers dimension 0 (whole), then meets dimension 1, unsharded in the
input and sharded in the out spec: it raises there that a gather only takes sharding away (was
njg6, before SF104 reported this past the first changed dimension)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def export(probs, layout):
    return top_level_all_gather(probs, P(None, layout[1], None), multi_dim=True)  # SF104


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        probs = jax.device_put(np.ones((4, 2, 8), np.float32), NamedSharding(mesh, P("data")))
        return export(probs, ("data", "model"))


if __name__ == "__main__":
    main()
