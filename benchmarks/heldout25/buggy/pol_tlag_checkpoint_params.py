"""Export a sharded policy checkpoint to a single-host format: every leaf gathered by its spec."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_SPECS = {
    "encoder": {"w": P("fsdp", None), "b": P("tp")},
    "head": {"w": P(("fsdp", "tp"), None)},
}
EXPORT_SPECS = {
    "encoder": {"w": P(None, None, reduced={"fsdp"}), "b": P(None, reduced={"tp"})},
    "head": {"w": P("tp", None)},
}


def init_params(rng):
    return {
        "encoder": {"w": rng.normal(size=(16, 16)).astype(np.float32),
                    "b": np.zeros((16,), np.float32)},
        "head": {"w": rng.normal(size=(16, 7)).astype(np.float32)},
    }


def inputs():
    return (init_params(np.random.default_rng(31)),)


def main(params):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, TRAIN_SPECS)
    with jax.set_mesh(mesh):
        exported = jax.tree.map(top_level_all_gather, placed, EXPORT_SPECS)
    return jax.tree.map(np.asarray, exported)


if __name__ == "__main__":
    print(main(*inputs()))
