"""Checkpoint restore then export: arrays re-placed from a spec table and resharded for the eval host."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SAVE_LAYOUT = {"embed": P(("data", "model"), None), "proj": P(None, "model")}
EXPORT_LAYOUT = {"embed": P("model", None), "proj": P(None, None)}


def restore(mesh, arrays, layout=SAVE_LAYOUT):
    return {k: jax.device_put(v, NamedSharding(mesh, layout[k])) for k, v in arrays.items()}


def inputs():
    rng = np.random.default_rng(109)
    return ({"embed": rng.normal(size=(16, 4)).astype(np.float32),
             "proj": rng.normal(size=(4, 8)).astype(np.float32)},)


def main(arrays):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    state = restore(mesh, arrays)
    with jax.set_mesh(mesh):
        return {k: jax.reshard(v, EXPORT_LAYOUT[k]) for k, v in state.items()}


if __name__ == "__main__":
    print(main(*inputs()))
