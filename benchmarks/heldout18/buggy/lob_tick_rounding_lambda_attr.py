"""Exchange matching engine: quotes gathered across agent shards are rounded to the tick size."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("sym", "agent"))


class Exchange:
    def __init__(self, tick=0.01, agent_axis="agent"):
        self.tick = tick
        self.agent_axis = agent_axis
        self.to_ticks = lambda q: jnp.round(q / self.tick) * self.tick

    def spread(self, quotes):
        book = jax.lax.all_gather(quotes, self.agent_axis, axis=1, tiled=True, to="reduced")
        ticks = self.to_ticks(book)
        return jnp.max(ticks, axis=1) - jnp.min(ticks, axis=1)


def inputs():
    q = 100.0 + 0.013 * jnp.arange(2 * 8, dtype=jnp.float32).reshape(2, 8)
    return (jax.device_put(q, NamedSharding(mesh, P("sym", "agent"))),)


def main(quotes):
    ex = Exchange()
    return jax.shard_map(ex.spread, mesh=mesh, in_specs=P("sym", "agent"),
                         out_specs=P(("sym", "agent")))(quotes)
