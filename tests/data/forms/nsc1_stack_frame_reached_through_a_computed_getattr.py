"""A helper takes its caller's frame from `Probe().stack()` (inspect.stack held as a method) and
reaches its locals by a computed `getattr(frame, "f_" + "locals")`: the dict main reads the axes
from is not the one its text filled (near miss of sc1: the step to the locals is hidden). The
script run stops at the dumped summary, so the static reading must not keep main's locals."""
import inspect
import json

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Probe:
    stack = staticmethod(inspect.stack)


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def poke():
    frame = Probe().stack()[1].frame
    getattr(frame, "f_" + "locals")["state"]["axes"] = ("i",)


def main():
    note = json.dumps({"noise": np.random.default_rng(0).standard_normal(4).tolist()}, indent=1)
    state = {"axes": ("i", "j")}
    poke()
    return reduce_rows(state["axes"]), note


if __name__ == "__main__":
    main()
