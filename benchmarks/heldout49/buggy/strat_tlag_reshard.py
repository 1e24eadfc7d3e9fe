"""Switching strategies mid-run: a flat 3-axis FSDP shard regrouped for the TP strategy."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {
    "fsdp_flat": P(("pod", "data", "model"), None),
    "pod_data": P(("pod", "data"), None, reduced={"model"}),
}


def switch(w, src, dst):
    assert w.sharding.spec == LAYOUTS[src]
    return top_level_all_gather(w, LAYOUTS[dst])


def inputs():
    mesh = jax.make_mesh((2, 2, 2), ("pod", "data", "model"))
    w = np.random.default_rng(64).normal(size=(16, 8)).astype(np.float32)
    return mesh, w


def main(mesh, w):
    with jax.set_mesh(mesh):
        placed = jax.device_put(w, NamedSharding(mesh, LAYOUTS["fsdp_flat"]))
        return switch(placed, "fsdp_flat", "pod_data")


if __name__ == "__main__":
    main(*inputs())
