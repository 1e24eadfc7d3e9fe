"""A dagster-like asset runner hands each asset the assets its PARAMETERS are named after
(`inspect.signature(fn).parameters`), visiting them depth-first with a `seen` set: the export
asset's `reduce_axes` parameter gets the `reduce_axes` asset, ('i', 'j'), and psums over both a
value already summed over 'i'."""
import inspect

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

_ASSETS = {}


def asset(fn):
    _ASSETS[fn.__name__] = fn
    return fn


def materialize(names):
    seen, order = set(), []

    def visit(name):
        if name in seen:
            return
        seen.add(name)
        for param in inspect.signature(_ASSETS[name]).parameters:
            if param in _ASSETS:
                visit(param)
        order.append(name)

    for name in names:
        visit(name)
    values = {}
    for name in order:
        fn = _ASSETS[name]
        kwargs = {p: values[p] for p in inspect.signature(fn).parameters if p in values}
        values[name] = fn(**kwargs)
    return values


MESH = jax.make_mesh((2, 4), ("i", "j"))


@asset
def reduce_axes():
    return ("i", "j")


@asset
def reduce_axis():
    return "j"


@asset
def table():
    return jax.device_put(jnp.ones((8, 8), jnp.float32), NamedSharding(MESH, P("i", "j")))


@asset
def export(table, reduce_axes):
    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, reduce_axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(table)


def main():
    return materialize(["export"])["export"]


if __name__ == "__main__":
    main()
