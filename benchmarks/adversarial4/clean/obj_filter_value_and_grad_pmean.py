"""A hand-written filter_value_and_grad: only array leaves are differentiated; grads are pmean'd."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def is_array(x):
    return isinstance(x, jax.Array)


def partition(tree, pred):
    keep = jax.tree.map(lambda x: x if pred(x) else None, tree)
    rest = jax.tree.map(lambda x: None if pred(x) else x, tree)
    return keep, rest


def combine(a, b):
    return jax.tree.map(lambda x, y: x if y is None else y, a, b, is_leaf=lambda x: x is None)


def filter_value_and_grad(fn):
    def wrapped(model, *args):
        params, static = partition(model, is_array)
        return jax.value_and_grad(lambda p: fn(combine(p, static), *args))(params)
    return wrapped


def inputs():
    return (np.arange(16, dtype=np.float32).reshape(4, 4) / 16, np.arange(64, dtype=np.float32).reshape(16, 4) / 64)


def main(w, x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def loss(model, xb):
        return jnp.mean((xb @ model["w"]) ** 2) * model["scale"]

    def body(wb, xb):
        value, grads = filter_value_and_grad(loss)({"w": wb, "scale": 0.5}, xb)
        grads = jax.lax.pmean(grads, ("data", "model"))
        return jax.lax.pmean(value, "data"), grads["w"]

    return jax.shard_map(body, mesh=mesh, in_specs=(P(), P("data")), out_specs=(P(), P()))(w, x)


if __name__ == "__main__":
    print(main(*inputs()))
