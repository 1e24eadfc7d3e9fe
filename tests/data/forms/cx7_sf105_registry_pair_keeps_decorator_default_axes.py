"""Estimators kept in a table as (def, axes) pairs by a decorator factory whose `axes` has a
default (`@estimator("mean_rows")`): the body `lambda m: fn(m, axes)` reads that pair, so the
mean over ('i', 'j') meets a value the def summed over 'j'."""
import jax
from jax.sharding import PartitionSpec as P

ESTIMATORS = {}


def estimator(name, axes=("i", "j")):
    def register(fn):
        ESTIMATORS[name] = (fn, axes)
        return fn
    return register


@estimator("mean_rows")
def mean_rows(m, axes):
    rows = jax.lax.psum(m, "j")
    return jax.lax.pmean(rows, axes)  # SF105


def evaluate(name):
    fn, axes = ESTIMATORS[name]
    return lambda m: fn(m, axes)


def main(mesh, x):
    return jax.shard_map(evaluate("mean_rows"), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
