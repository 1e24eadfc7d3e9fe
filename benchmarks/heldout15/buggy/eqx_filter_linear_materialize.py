"""Equinox-style filtered transforms written by hand: partition arrays from statics, combine."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array
    in_axis: str = dataclasses.field(default="fsdp", metadata=dict(static=True))
    out_axis: str = dataclasses.field(default="tp", metadata=dict(static=True))

    def materialize(self):
        w = jax.lax.all_gather(self.weight, self.in_axis, axis=0, tiled=True, to="reduced")
        return dataclasses.replace(self, weight=w)

    def __call__(self, x):
        axes = (self.in_axis, self.out_axis)
        w = jax.lax.all_gather(self.weight, axes, axis=1, tiled=True, to="reduced")
        return x @ w + self.bias


def is_array(x):
    return isinstance(x, jax.Array)


def partition(tree):
    dyn = jax.tree.map(lambda x: x if is_array(x) else None, tree)
    return dyn


def filter_shard_map(fn, mesh, in_specs, out_specs):
    def wrapped(model, x):
        return fn(model.materialize(), x)
    return jax.shard_map(wrapped, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def inputs():
    x = np.ones((8, 8), np.float32)
    w = np.arange(64, dtype=np.float32).reshape(8, 8) / 64
    b = np.zeros((16,), np.float32)
    return x, w, b


def main(x, w, b):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    model = Linear(jax.device_put(w, NamedSharding(mesh, P("fsdp", "tp"))),
                   jax.device_put(b, NamedSharding(mesh, P())))
    model = partition(model)
    x = jax.device_put(x, NamedSharding(mesh, P()))
    spec = Linear(P("fsdp", "tp"), P())
    f = filter_shard_map(lambda m, v: m(v), mesh, (spec, P()), P())
    return f(model, x)


if __name__ == "__main__":
    print(main(*inputs()))
