"""The same table, where the decorator line reads the axes from the environment ('i' when
unset): what the pair holds is not known here, so nothing is certain."""
import os

import jax
from jax.sharding import PartitionSpec as P

ESTIMATORS = {}


def estimator(name, axes=("i", "j")):
    def register(fn):
        ESTIMATORS[name] = (fn, axes)
        return fn
    return register


@estimator("mean_rows", axes=tuple(os.environ.get("ESTIMATOR_AXES", "i").split(",")))
def mean_rows(m, axes):
    rows = jax.lax.psum(m, "j")
    return jax.lax.pmean(rows, axes)


def evaluate(name):
    fn, axes = ESTIMATORS[name]
    return lambda m: fn(m, axes)


def main(mesh, x):
    return jax.shard_map(evaluate("mean_rows"), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
