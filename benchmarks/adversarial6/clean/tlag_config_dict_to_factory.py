"""A factory given the layout config dict places and gathers; main fixes the transposed entry in place first."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {"w": ("model", "data")}


def make_report(mesh, cfg):
    def report(x):
        w = jax.device_put(x, NamedSharding(mesh, P(*cfg["w"])))
        with jax.set_mesh(mesh):
            return top_level_all_gather(w, P(None, "model", reduced={"data"}))
    return report


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    LAYOUT["w"] = ("data", "model")
    return make_report(mesh, LAYOUT)(x)


if __name__ == "__main__":
    print(main(*inputs()))
