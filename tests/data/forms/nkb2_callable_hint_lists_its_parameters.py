"""The same registry, typed `typing.Callable[[jax.Array], jax.Array]`: its parameters are a list,
so the reducer sums over 'data' alone, where the value varies."""
import typing

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

Metric = typing.Callable[[jax.Array], jax.Array]
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
    return jax.lax.psum(total, reduce_axes(Metric))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
