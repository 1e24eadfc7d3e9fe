"""GraphCast-like rollout exported for plotting: the forecast layout comes from a jit's out_shardings."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {
    "forecast": P(("lat", "lon"), None),
    "plot": P("lon", None, reduced={"lat"}),
}


def rollout(state, steps=3):
    for _ in range(steps):
        state = state + 0.1 * jnp.tanh(state)
    return state


def inputs():
    mesh = jax.make_mesh((2, 4), ("lat", "lon"))
    state = jnp.linspace(-2.0, 2.0, 32 * 5).reshape(32, 5)
    return mesh, state


def main(mesh, state):
    forecast_fn = jax.jit(rollout, out_shardings=NamedSharding(mesh, LAYOUT["forecast"]))
    forecast = forecast_fn(state)
    with jax.set_mesh(mesh):
        plotted = top_level_all_gather(forecast, LAYOUT["plot"])
    return plotted
