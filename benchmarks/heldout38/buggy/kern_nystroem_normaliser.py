import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCERS = {}


def reducer(name):
    def register(fn):
        REDUCERS[name] = fn
        return fn
    return register


@reducer("column_sums")
def column_sums(K, axis_name):
    return jax.lax.psum(K.sum(axis=0), axis_name)


@reducer("replicate")
def replicate(v, axis_name):
    return jax.lax.all_gather(v, axis_name, to="reduced")


def inputs():
    rng = np.random.default_rng(20)
    X = rng.normal(size=(16, 8)).astype(np.float32)
    Z = rng.normal(size=(8, 8)).astype(np.float32)
    return X, Z


def rbf(X, Z, gamma):
    d2 = (X ** 2).sum(1)[:, None] + (Z ** 2).sum(1)[None, :] - 2.0 * X @ Z.T
    return jnp.exp(-gamma * d2)


class Nystroem:
    def __init__(self, gamma=0.1, pipeline=("column_sums", "replicate"), axis="samples"):
        self.gamma = gamma
        self.pipeline = pipeline
        self.axis = axis

    def degree(self, X, Z):
        v = rbf(X, Z, self.gamma)
        for name in self.pipeline:
            v = REDUCERS[name](v, self.axis)
        return v


def main(X, Z):
    mesh = jax.make_mesh((2, 4), ("samples", "landmarks"))
    X = jax.device_put(X, NamedSharding(mesh, P("samples", None)))
    Z = jax.device_put(Z, NamedSharding(mesh, P("landmarks", None)))
    ny = Nystroem()
    f = jax.shard_map(ny.degree, mesh=mesh, in_specs=(P("samples", None), P("landmarks", None)),
                      out_specs=P(None, "landmarks", reduced={"samples"}))
    return f(X, Z)


if __name__ == "__main__":
    main(*inputs())
