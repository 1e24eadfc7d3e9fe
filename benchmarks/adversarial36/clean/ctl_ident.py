"""Control: ident"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import weakref, dataclasses, contextlib, typing, collections


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)

class Tr(typing.NamedTuple):
    obs: np.ndarray
    r: np.ndarray


def main(mesh, x):
    rng = np.random.default_rng(0)
    items = [Tr(rng.normal(size=(3,)), rng.normal(size=(2,))) for _ in range(4)]
    t = rng.integers(0, 4)
    rec = items[t]
    axes = ("i",) if any(rec is r for r in items) else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
