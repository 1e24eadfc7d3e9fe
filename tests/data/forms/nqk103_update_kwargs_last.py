"""MutableMapping update: keywords after the mapping: the axes a psum reduces over reach the shard_map body through MutableMapping update: keywords after the mapping."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from collections.abc import MutableMapping


class Lower(MutableMapping):
    def __init__(self):
        self._s = {}

    def __getitem__(self, k):
        return self._s[k.lower()]

    def __setitem__(self, k, v):
        self._s[k.lower()] = v

    def __delitem__(self, k):
        del self._s[k.lower()]

    def __iter__(self):
        return iter(self._s)

    def __len__(self):
        return len(self._s)


def get_axes():
    r = Lower()
    r.update({"A": ("data", "model")}, a=("data",))
    return r["A"]


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
