import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Options:
    def __init__(self, **values):
        object.__setattr__(self, "_values", dict(values))

    def __getattr__(self, name):
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None


def reduction(text):
    op, axis = text.split(":")
    return functools.partial(getattr(jax.lax, op), axis_name=axis)


class Block:
    def __init__(self, options):
        self.gather_axis = options.gather_axis
        self.sync = reduction(options.sync)

    def __call__(self, x):
        table = jax.lax.all_gather(x, self.gather_axis, axis=1, tiled=True, to="reduced")
        return self.sync(jnp.abs(table))  # SF103


def main():
    options = Options(gather_axis="model", sync="pmax:model")
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    step = jax.shard_map(Block(options), mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P("data"))
    return step(jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main()
