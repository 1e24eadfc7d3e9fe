"""A config whose `__getattr__` reads the instance namespace through the type's inherited
`__getattribute__` (`type(self).__getattribute__(self, "__dict__")`: object's, which gives the
instance's own dict); the psum result, invariant over 'data', is gathered to reduced."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Keys:
    def __init__(self, **raw):
        self._store = raw

    def __getattr__(self, key):
        store = type(self).__getattribute__(self, "__dict__")["_store"]
        if key not in store:
            raise AttributeError(key)
        return store[key]


def main():
    cfg = Keys(mesh_axes=("data", "model"), stats_axis="data")
    mesh = jax.make_mesh((4, 2), cfg.mesh_axes)

    def body(g):
        total = jax.lax.psum(g, cfg.stats_axis)
        return jax.lax.all_gather(total, cfg.stats_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
