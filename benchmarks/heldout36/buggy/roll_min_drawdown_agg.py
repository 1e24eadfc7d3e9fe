"""Rolling statistics: trough of every series across the full history (rolling-min agg)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AGGREGATIONS = {
    "max": lambda v, ax: jax.lax.pmax(v, ax),
    "min": lambda v, ax: jax.lax.pmin(v, ax),
    "sum": lambda v, ax: jax.lax.psum(v, ax),
}


def rolling_agg(how, time_axis):
    reduce = AGGREGATIONS[how]

    def body(prices):
        history = jax.lax.all_gather(jnp.cumsum(prices, axis=1), time_axis, axis=1, tiled=True, to="reduced")
        return reduce(history, time_axis).min(axis=1)

    return body


def inputs():
    rng = np.random.default_rng(33)
    return (rng.normal(0, 1, (8, 32)).astype(np.float32),)


def main(prices):
    mesh = jax.make_mesh((2, 4), ("series", "time"))
    prices = jax.device_put(prices, NamedSharding(mesh, P("series", "time")))
    fn = jax.shard_map(rolling_agg("min", "time"), mesh=mesh, in_specs=P("series", "time"), out_specs=P("series"))
    return fn(prices)


if __name__ == "__main__":
    print(main(*inputs()))
