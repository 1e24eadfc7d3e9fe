"""A tiny columnar query engine: a physical plan of operators is interpreted inside one shard_map."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_GROUPS = 4

OPERATORS = {}


def operator(name):
    def deco(fn):
        OPERATORS[name] = fn
        return fn
    return deco


@operator("segment_sum")
def segment_sum(state, *, axis):
    keys, values = state["keys"], state["values"]
    partial = jax.ops.segment_sum(values, keys, num_segments=NUM_GROUPS)
    return {**state, "groups": jax.lax.psum(partial, axis)}


@operator("broadcast")
def broadcast(state, *, axis):
    # the build side of the following join must sit on every partition
    return {**state, "groups": jax.lax.all_gather(state["groups"], axis, axis=0, tiled=True, to="reduced")}


PLAN = [
    {"op": "segment_sum", "axis": "rows"},
    {"op": "broadcast", "axis": "rows"},
]


def execute(keys, values, plan=PLAN):
    state = {"keys": keys, "values": values}
    for step in plan:
        state = OPERATORS[step["op"]](state, axis=step["axis"])
    return state["groups"]


def inputs():
    rng = np.random.default_rng(127)
    return rng.integers(0, NUM_GROUPS, size=(32,)).astype(np.int32), rng.uniform(size=(32, 2)).astype(np.float32)


def main(keys, values):
    mesh = jax.make_mesh((4, 2), ("rows", "cols"))
    keys = jax.device_put(keys, NamedSharding(mesh, P("rows")))
    values = jax.device_put(values, NamedSharding(mesh, P("rows", "cols")))
    fn = jax.shard_map(functools.partial(execute, plan=PLAN), mesh=mesh,
                       in_specs=(P("rows"), P("rows", "cols")), out_specs=P(None, "cols", reduced={"rows"}))
    return fn(keys, values)


if __name__ == "__main__":
    print(main(*inputs()))
