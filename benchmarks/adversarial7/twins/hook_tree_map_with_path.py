"""tree_map_with_path picks the reducer by the leaf's key: 'rows' leaves psum over 'data' only."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_leaf(path, block):
    if path[0].key == "full":
        return jax.lax.psum(block.sum(axis=0), "data")
    return jax.lax.psum(block.sum(axis=0), ("data", "model"))


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = {"rows": P("data", None), "full": P("data", "model")}
    tree = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in specs.items()}

    def body(t):
        return jax.tree_util.tree_map_with_path(reduce_leaf, t)

    out = jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs={"rows": P(), "full": P()})(tree)
    return out["rows"][:4] + out["full"]


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
