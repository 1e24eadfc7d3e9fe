"""A registry typed with `typing.Callable[..., jax.Array]` (a hint over a library class) and a
return annotation `tuple[...]` of it: the reducer reads the hint back with `typing.get_args` and,
its parameters being `...`, reduces over every mesh axis; the value is invariant on 'model'."""
import typing

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

Metric = typing.Callable[..., jax.Array]
METRICS: dict[str, Metric] = {}


def register(name: str):
    def deco(fn: Metric) -> Metric:
        METRICS[name] = fn
        return fn
    return deco


@register("sq")
def squares(x: jax.Array) -> tuple[jax.Array, jax.Array]:
    return jnp.sum(x * x), jnp.sum(x)


def reduce_axes(hint) -> tuple[str, ...]:
    params, _ = typing.get_args(hint)
    return ("data", "model") if params is Ellipsis else ("data",)


def body(x):
    total, _ = METRICS["sq"](x)
    return jax.lax.psum(total, reduce_axes(Metric))  # SF105


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
