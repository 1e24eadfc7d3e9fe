"""The branch rebinds an attribute of its clone (copy.copy gives it a namespace of its own): the
flow keeps its axes."""
import copy

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Flow:
    def __init__(self):
        self.cfg = {"sync": ("i",)}
        self.scale = 1.0

    def clone(self):
        twin = copy.copy(self)
        twin.__dict__ = dict(self.__dict__)
        return twin


def main():
    flow = Flow()
    branch = flow.clone()
    branch.scale = 2.0
    branch.cfg = {"sync": ("i", "j")}
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block * flow.scale, "j")
        return jax.lax.psum(counts, flow.cfg["sync"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
