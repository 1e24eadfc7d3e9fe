"""An exporter object is handed to a runner that enters a setter looked up by a joined name."""
import contextlib
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Exporter:
    def __init__(self, spec):
        self.spec = spec

    def export(self, w):
        return top_level_all_gather(w, self.spec)


def run(exporter, w, mesh):
    enter = getattr(contextlib, "".join(("null", "context")))
    with enter(mesh):
        return exporter.export(w)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    exporter = Exporter(P(None, "model", reduced={"data"}))
    return run(exporter, w, mesh)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
