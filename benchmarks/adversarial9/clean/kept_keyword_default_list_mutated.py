"""The decorator's default list is one object that the entry holds: popping it through the
registry leaves ["i"] for every entry keeping the default."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

ESTIMATORS = {}


def estimator(name, axes=["i", "j"]):
    def register(fn):
        ESTIMATORS[name] = (fn, axes)
        return fn
    return register


@estimator("mean_rows")
def mean_rows(m, axes):
    rows = jax.lax.psum(m, "j")
    return jax.lax.pmean(rows, tuple(axes))


ESTIMATORS["mean_rows"][1].pop()


def evaluate(name):
    fn, axes = ESTIMATORS[name]
    return lambda m: fn(m, axes)


def main(mesh, x):
    return jax.shard_map(evaluate("mean_rows"), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
