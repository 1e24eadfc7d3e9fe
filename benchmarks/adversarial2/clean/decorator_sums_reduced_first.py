"""A decorator turns a reduced gather result back into a varying value before the helper runs."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def accepts_reduced(axis):
    def deco(fn):
        @functools.wraps(fn)
        def call(w, *rest):
            if axis in jax.typeof(w).mat.reduced:
                w = jax.lax.pcast(w, axis, to="varying")
            return fn(w, *rest)
        return call
    return deco


@accepts_reduced("fsdp")
def scaled(w, scale):
    return jax.nn.gelu(w) * scale


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64.0,)


def main(w):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp", "tp")))

    def layer(shard):
        full = jax.lax.all_gather(shard, "fsdp", to="reduced", tiled=True)
        return scaled(full, 0.5)

    return jax.shard_map(layer, mesh=mesh, in_specs=P("fsdp", "tp"), out_specs=P("fsdp", "tp"))(w)


if __name__ == "__main__":
    print(main(*inputs()))
