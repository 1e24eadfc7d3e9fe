"""GraphCast-like rollout export: the whole latitude-longitude dimension gathered with reduced axes listed."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {
    "forecast": P(("lat", "lon"), None),
    "plot": P(None, None, reduced={"lat", "lon"}),
}


def rollout(state):
    return state + 0.1 * jnp.tanh(state)


def inputs():
    return jax.make_mesh((2, 4), ("lat", "lon")), jnp.linspace(-2.0, 2.0, 32 * 5).reshape(32, 5)


def main(mesh, state):
    forecast = jax.jit(rollout, out_shardings=NamedSharding(mesh, LAYOUT["forecast"]))(state)
    with jax.set_mesh(mesh):
        plotted = top_level_all_gather(forecast, LAYOUT["plot"])
        return jax.reshard(plotted, P(None, None))
