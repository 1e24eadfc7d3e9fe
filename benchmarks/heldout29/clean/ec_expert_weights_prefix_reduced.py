"""Convert expert-parallel MoE weights to the dense serving layout."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {
    "train": P(("expert", "fsdp"), None),
    "serve": P("expert", None, reduced={"fsdp"}),
}


def convert(weights, mesh, src="train", dst="serve"):
    placed = jax.device_put(weights, NamedSharding(mesh, LAYOUTS[src]))
    with jax.set_mesh(mesh):
        return top_level_all_gather(placed, LAYOUTS[dst])


def inputs():
    rng = np.random.default_rng(404)
    return (rng.standard_normal((64, 16)).astype(np.float32),)


def main(weights):
    mesh = jax.make_mesh((4, 2), ("expert", "fsdp"))
    return convert(weights, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
