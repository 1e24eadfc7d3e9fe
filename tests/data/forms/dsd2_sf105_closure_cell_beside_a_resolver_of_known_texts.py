"""A resolver reads its module and attribute from a dotted text (`getattr(importlib.import_module(
module), attr)`); its only caller hands it "jax.lax.psum", a call the analysis runs on real
objects, so every text it reads is known and names no cell nor frame: the decorator's cell (read
by `launch` before the resolver runs) stays what `with_axes` put there (a library: its importer
calls `main()`)."""
import functools
import importlib

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def resolve(path):
    module, _, attr = path.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def with_axes(axes):
    def decorator(step):
        @functools.wraps(step)
        def launch(*args):
            return step(axes, *args)
        return launch
    return decorator


@with_axes(("data", "model"))
def main(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    total = resolve("jax.lax.psum")
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def reduce(block):
        return total(block, axes)  # SF105

    return jax.shard_map(reduce, mesh=mesh, in_specs=P("data"), out_specs=P())(x)
