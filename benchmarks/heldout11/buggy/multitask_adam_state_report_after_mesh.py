"""Multi-task trainer: Adam moments over the heads' params, summarised for a checkpoint report."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {"trunk": P("fsdp", None), "heads": {"cls": P(None, "tp"), "reg": P(None, "tp")}}


def init_adam(params):
    return {"mu": jax.tree.map(jnp.zeros_like, params),
            "nu": jax.tree.map(lambda p: jnp.full_like(p, 1e-8), params)}


def summarise(opt_state):
    return top_level_all_gather(opt_state["nu"]["trunk"], P(None, reduced={"fsdp"}))


def inputs():
    return ({"trunk": np.ones((8, 8), np.float32),
             "heads": {"cls": np.ones((8, 4), np.float32), "reg": np.ones((8, 4), np.float32)}},)


def main(params):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    with jax.set_mesh(mesh):
        params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, PARAM_SPECS)
        opt_state = init_adam(params)
    return summarise(opt_state)


if __name__ == "__main__":
    print(main(*inputs()).shape)
