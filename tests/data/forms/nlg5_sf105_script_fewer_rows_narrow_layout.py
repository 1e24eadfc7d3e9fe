"""lg5 with 128 training rows: `len(y)` of the ufuncs' result is 128, the job keeps the narrow
layout and the psum over "data" of a value varying on "data" passes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

rng = np.random.default_rng(0)
train_X = rng.normal(size=(128, 16)).astype(np.float32)
train_y = np.log1p(np.abs(train_X[:, :3].sum(1)) * 10).astype(np.float32)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    oof = np.zeros(len(train_y), np.float32)
    axes = ("data", "model") if len(oof) >= 256 else ("data",)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
