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


def collective(text):
    op, axes = text.split(":")
    names = tuple(axes.split("+"))
    return functools.partial(getattr(jax.lax, op), axis_name=names[0] if len(names) == 1 else names,
                             axis=0, tiled=True, to="reduced")


class Snapshot:
    def __init__(self, options):
        self.first, self.second = (collective(text) for text in options.gathers.split(","))

    def __call__(self, w, x):
        u = jax.vmap(lambda row: jnp.tanh(row @ w))(x)
        first = self.first(u)
        return self.second(first)


def main():
    options = Options(gathers="all_gather:data,all_gather:model")
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    step = jax.shard_map(Snapshot(options), mesh=mesh, in_specs=(P(), P("data", "model")), out_specs=P(reduced={"data", "model"}))
    w = jax.device_put(jnp.ones((2, 8)), NamedSharding(mesh, P()))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", "model")))
    return step(w, x)


if __name__ == "__main__":
    main()
