"""HAVING clause evaluation: a small expression tree over the gathered per-group totals."""
import operator

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BINARY = {"gt": operator.gt, "lt": operator.lt, "mul": operator.mul}
GROUP_AXIS = "rows"


def evaluate(expr, env):
    if isinstance(expr, str):
        return env[expr]
    if not isinstance(expr, tuple):
        return expr
    op, lhs, rhs = expr
    return BINARY[op](evaluate(lhs, env), evaluate(rhs, env))


HAVING = ("gt", "total", 10.0)


def group_totals(values):
    totals = values.sum(axis=0, keepdims=True)
    return jax.lax.all_gather(totals, GROUP_AXIS, axis=0, tiled=True, to="reduced")


def having(values, predicate=HAVING):
    totals = group_totals(values)
    keep = evaluate(predicate, {"total": totals})
    return keep


def inputs():
    return (np.random.default_rng(149).uniform(0.0, 6.0, size=(16, 6)).astype(np.float32),)


def main(values):
    mesh = jax.make_mesh((8,), (GROUP_AXIS,))
    values = jax.device_put(values, NamedSharding(mesh, P(GROUP_AXIS, None)))
    fn = jax.shard_map(having, mesh=mesh, in_specs=P(GROUP_AXIS, None), out_specs=P(None, None, reduced={GROUP_AXIS}))
    return fn(values)


if __name__ == "__main__":
    print(main(*inputs()))
