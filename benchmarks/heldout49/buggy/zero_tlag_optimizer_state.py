"""Optimizer-state export: ZeRO-sharded Adam moments written out in the replicated layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_SPECS = {
    "mu": P("shard", None),
    "nu": P("shard", None),
    "count": P(),
}
EXPORT_SPECS = {
    "mu": P(None, None, reduced={"shard"}),
    "nu": P(None, None),
    "count": P(),
}


def init_state(mesh):
    shapes = {"mu": (16, 8), "nu": (16, 8), "count": ()}
    state = {}
    for name, shape in shapes.items():
        state[name] = jax.device_put(np.zeros(shape, np.float32), NamedSharding(mesh, TRAIN_SPECS[name]))
    return state


def export_state(state):
    out = {}
    for name in ("mu", "nu"):
        out[name] = top_level_all_gather(state[name], EXPORT_SPECS[name])
    out["count"] = state["count"]
    return out


def inputs():
    return (jax.make_mesh((2, 4), ("replica", "shard")),)


def main(mesh):
    with jax.set_mesh(mesh):
        state = init_state(mesh)
        return export_state(state)


if __name__ == "__main__":
    main(*inputs())
