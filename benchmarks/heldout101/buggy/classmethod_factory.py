"""Export layouts built by classmethod factories on a small Layout class."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout:
    def __init__(self, spec):
        self.spec = spec

    @classmethod
    def sharded(cls, rows, cols):
        return cls(P(rows, cols))

    @classmethod
    def full_rows(cls, rows, cols):
        return cls(P(None, cols))

    @staticmethod
    def describe(spec):
        return ",".join(str(s) for s in spec)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        params = jax.device_put(x, NamedSharding(mesh, Layout.sharded("data", "model").spec))
        export = Layout.full_rows("data", "model")
        gathered = top_level_all_gather(params, export.spec)
    return gathered


if __name__ == "__main__":
    main()
