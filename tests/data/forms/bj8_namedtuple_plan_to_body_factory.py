from typing import NamedTuple

import jax
from jax.sharding import PartitionSpec as P


class Plan(NamedTuple):
    rows: str = "i"
    cols: str = "j"


def build(plan):
    def body(x):
        keys = jax.lax.all_gather(x, plan.cols, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(keys, tuple(plan), tiled=True, to="reduced")  # SF102
    return body


def main(x):
    plan = Plan()
    mesh = jax.make_mesh((2, 4), tuple(plan))
    return jax.shard_map(build(plan), mesh=mesh, in_specs=P(plan.rows, plan.cols),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)
