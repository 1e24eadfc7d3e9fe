"""A torch-style state_dict placed by a sharding plan; one tensor gathered to a valid prefix."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SHARDING_PLAN = {"query.weight": P(("dp", "tp"), None), "query.bias": P(None)}


def load_state_dict(mesh, sd):
    return {k: jax.device_put(v, NamedSharding(mesh, SHARDING_PLAN[k])) for k, v in sd.items()}


def inputs():
    return ({"query.weight": np.eye(16, dtype=np.float32), "query.bias": np.zeros(16, np.float32)},)


def main(sd):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    with jax.set_mesh(mesh):
        sharded = load_state_dict(mesh, sd)
        return top_level_all_gather(sharded["query.weight"], P("dp", None, reduced={"tp"}))


if __name__ == "__main__":
    print(main(*inputs()).sharding)
