"""main builds its own mesh; the report after its block is decorated to run under an equal module mesh."""
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SHAPE, NAMES = (2, 4), ("data", "model")
REPORT_MESH = jax.make_mesh(SHAPE, NAMES)


def on_report_mesh(fn):
    @functools.wraps(fn)
    def run(*args):
        with jax.set_mesh(REPORT_MESH):
            return fn(*args)
    return run


# @on_report_mesh
def report(w):
    return top_level_all_gather(w, P(None, "model", reduced={"data"}))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh(SHAPE, NAMES)
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P("data", "model"))) * 0.5
    return report(w)


if __name__ == "__main__":
    print(main(*inputs()))
