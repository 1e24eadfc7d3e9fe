"""An optimizer state dict filled by a loop over `SHAPES.items()` in a helper that returns it
(`state[name] = jax.device_put(..., NamedSharding(mesh, TRAIN[name]))`), then gathered in another
helper's loop over a literal tuple of keys; only `nu` lacks `reduced=`."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

TRAIN = {"mu": P("j", None), "nu": P("j", None), "count": P()}
EXPORT = {"mu": P(None, None, reduced={"j"}), "nu": P(None, None), "count": P()}
SHAPES = {"mu": (8, 4), "nu": (8, 4), "count": ()}


def init_state(mesh):
    state = {}
    for name, shape in SHAPES.items():
        state[name] = jax.device_put(np.zeros(shape, np.float32), NamedSharding(mesh, TRAIN[name]))
    return state


def export_state(state):
    out = {}
    for name in ("mu", "nu"):
        out[name] = top_level_all_gather(state[name], EXPORT[name])  # SF104
    return out


def main(mesh, x):
    with jax.set_mesh(mesh):
        return export_state(init_state(mesh))
