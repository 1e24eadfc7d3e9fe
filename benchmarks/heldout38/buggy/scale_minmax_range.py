import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(16, 8)).astype(np.float32) * np.arange(1, 9, dtype=np.float32)
    return (X,)


def _gather_shard_extrema(X, axis_name):
    mins = X.min(axis=0, keepdims=True)
    maxs = X.max(axis=0, keepdims=True)
    both = jnp.concatenate([mins, maxs], axis=0)
    return jax.lax.all_gather(both, axis_name, axis=0, tiled=True, to="reduced")


class MinMaxScaler:
    def __init__(self, feature_range=(0.0, 1.0), axis_name="rows"):
        self.feature_range = feature_range
        self.axis_name = axis_name

    def data_range(self, X):
        table = _gather_shard_extrema(X, self.axis_name)
        data_min = jax.lax.pmin(table[0::2], self.axis_name)
        data_max = table[1::2].max(axis=0, keepdims=True)
        return jnp.concatenate([data_min, data_max], axis=0)


def main(X):
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    X = jax.device_put(X, NamedSharding(mesh, P("rows", "cols")))
    scaler = MinMaxScaler()
    body = functools.partial(MinMaxScaler.data_range, scaler)
    rng_ = jax.shard_map(body, mesh=mesh, in_specs=P("rows", "cols"), out_specs=P(None, "cols"))(X)
    return rng_


if __name__ == "__main__":
    main(*inputs())
