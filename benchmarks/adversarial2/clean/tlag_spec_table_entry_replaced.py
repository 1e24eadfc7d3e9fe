"""A spec table entry is replaced for the 2-D mesh before anything is placed."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ACTIVATION_SPECS = {"hidden": P("b"), "logits": P(None, "b")}


def use_2d_mesh():
    ACTIVATION_SPECS["hidden"] = P(("a", "b"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(h):
    use_2d_mesh()
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    h = jax.device_put(h, NamedSharding(mesh, ACTIVATION_SPECS["hidden"]))
    with jax.set_mesh(mesh):
        return top_level_all_gather(h, P("a", reduced={"b"}))


if __name__ == "__main__":
    print(main(*inputs()))
