"""an lru_cache keyed by frozensets of equal items: the axes a psum reduces over reach the shard_map body through an lru_cache keyed by frozensets of equal items."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import functools

CALLS = []


@functools.lru_cache(maxsize=None)
def axes_for(drop):
    CALLS.append(drop)
    return tuple(n for n in ("data", "model", "pipe") if n not in drop) if len(CALLS) == 1 else ("data",)


def get_axes():
    axes_for(frozenset({"pipe"}))
    return axes_for(frozenset(["pipe"]))


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
