from typing import NamedTuple

import jax
from jax.sharding import PartitionSpec as P


class Plan(NamedTuple):
    rows: str = "i"
    cols: str = "j"


def build(plan):
    def body(x):
        return jax.lax.all_gather(x, plan.cols, axis=1, tiled=True, to="reduced")  # none
    return body


def run(mesh, plan, x):
    return jax.shard_map(build(plan), mesh=mesh, in_specs=P("i", "j"), out_specs=P(plan.rows, None, reduced={plan.cols}))(x)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return run(mesh, Plan(), x), run(mesh, Plan(cols="i", rows="j"), x)
