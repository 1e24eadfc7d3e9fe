"""A script that sets no mesh; an object with a gathering method is kept in a hook list, only its describe() runs."""
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

    def describe(self, w):
        return float(jnp.sum(w))


HOOKS = []


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    HOOKS.append(Exporter(P(None, "model", reduced={"data"})))
    return [hook.export(w) for hook in HOOKS]


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
