"""The gathered array is what `jax.jit(euler, static_argnums=1)(y, 3)` returns, no out_shardings:
the step function rebinds its input in a loop with items of a schedule it builds itself
(`sigmas = jnp.linspace(...)`, `sigmas[i + 1] - sigmas[i]`, `jnp.maximum(sigmas[i], 1e-3)`):
numbers, so the input's layout is kept."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def euler(x, steps):
    sigmas = jnp.linspace(1.0, 0.0, steps + 1)
    for i in range(steps):
        x = x + (sigmas[i + 1] - sigmas[i]) * (x / jnp.maximum(sigmas[i], 1e-3))
    return x


def main(mesh, x):
    with jax.set_mesh(mesh):
        y = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
        y = jax.jit(euler, static_argnums=1)(y, 3)
        return top_level_all_gather(y, P("j", None, reduced={"i"}))  # SF104
