"""A script that sets no mesh hands an exporter to a runner that calls its gathering method only under a False flag."""
import contextlib
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


EXPORT = False


class Exporter:
    def __init__(self, spec):
        self.spec = spec

    def export(self, w):
        return top_level_all_gather(w, self.spec)


def run(exporter, w):
    if EXPORT:
        return exporter.export(w)
    return jnp.tanh(w)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    return run(Exporter(P(None, "model", reduced={"data"})), w)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
