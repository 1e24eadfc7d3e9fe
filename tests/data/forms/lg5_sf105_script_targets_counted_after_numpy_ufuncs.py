"""A tabular notebook builds its target with NumPy's ufuncs (`np.log1p(np.abs(X[:, :3].sum(1)))`)
and sizes its out-of-fold table with `len(y)`: 256 rows pick the wide logging layout, a psum over
("data", "model") of a value varying on "data" only, which raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

rng = np.random.default_rng(0)
train_X = rng.normal(size=(256, 16)).astype(np.float32)
train_y = np.log1p(np.abs(train_X[:, :3].sum(1)) * 10).astype(np.float32)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    oof = np.zeros(len(train_y), np.float32)
    axes = ("data", "model") if len(oof) >= 256 else ("data",)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
