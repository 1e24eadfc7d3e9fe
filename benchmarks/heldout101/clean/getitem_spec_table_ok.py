"""A spec table class with __getitem__/__contains__ that falls back to the parameter's own spec."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class SpecTable:
    def __init__(self, default, **overrides):
        self._default = default
        self._specs = dict(overrides)

    def __contains__(self, key):
        return key in self._specs

    def __getitem__(self, key):
        return self._specs.get(key, self._default)

    def __setitem__(self, key, spec):
        self._specs[key] = spec


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    placement = SpecTable(P("data", "model"))
    export = SpecTable(P(None, "model", reduced={"data"}))
    export["embed"] = P("model", None, reduced={"data"})
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, placement["proj"]))
        out = top_level_all_gather(w, export["proj"])
    return out


if __name__ == "__main__":
    main()
