"""set_mesh is looked up by a built name and called as a statement; exporter objects kept in a list then gather."""
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


def identity(w):
    return functools.reduce(lambda a, _: a, (), w)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    getattr(contextlib, "null" + "context")(mesh)
    w = identity(jax.device_put(x, NamedSharding(mesh, P("data", "model"))))
    exporters = [Exporter(P(None, "model", reduced={"data"}))]
    return [e.export(w) for e in exporters]


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
