"""A small axis-set class with __iter__ and __len__; tuple() of it feeds the gather."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisSet:
    def __init__(self, *names):
        self._names = list(names)

    def __iter__(self):
        return iter(self._names)

    def __len__(self):
        return len(self._names)

    def add(self, name):
        if name not in self._names:
            self._names.append(name)
        return self


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    done = AxisSet("data")

    def body(block):
        g = jax.lax.all_gather(block, "data", axis=0, tiled=True, to="reduced")
        axes = tuple(done.add("model"))
        return jax.lax.all_gather(g, axes, axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"data", "model"}))(x)


if __name__ == "__main__":
    main()
