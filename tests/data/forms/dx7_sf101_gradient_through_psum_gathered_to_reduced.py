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


class Probe:
    def __init__(self, options):
        self.gather = collective(options.gather)
        self.reduce = getattr(jax.lax, options.reduce)

    def __call__(self, w, x):
        grad = jax.grad(lambda w: self.reduce(jnp.sum(jnp.tanh(x @ w)), "data"))(w)
        return self.gather(grad)  # SF101


def main():
    options = Options(gather="all_gather:data", reduce="psum")
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    step = jax.shard_map(Probe(options), mesh=mesh, in_specs=(P(), P("data")), out_specs=P(reduced={"data"}))
    w = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P()))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data")))
    return step(w, x)


if __name__ == "__main__":
    main()
