"""GBDT split gains: candidate gains computed per feature shard, gathered and clamped at zero."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

LAMBDA = 1.0


class SplitFinder:
    def __init__(self, feat_axis):
        self.gather = lambda v: jax.lax.all_gather(v, feat_axis, axis=0, tiled=True, to="reduced")

    def gains(self, g_left, h_left, g_tot, h_tot):
        left = g_left ** 2 / (h_left + LAMBDA)
        right = (g_tot - g_left) ** 2 / (h_tot - h_left + LAMBDA)
        return left + right - g_tot ** 2 / (h_tot + LAMBDA)

    def best(self, g_left, h_left):
        gains = self.gains(g_left, h_left, 4.0, 10.0)
        return jnp.maximum(self.gather(gains), 0.0)


def inputs():
    mesh = jax.make_mesh((8,), ("feat",))
    g_left = jnp.linspace(-3.0, 3.0, 16)
    h_left = jnp.linspace(0.5, 8.0, 16)
    return mesh, g_left, h_left


def main(mesh, g_left, h_left):
    finder = SplitFinder("feat")
    g_left, h_left = (jax.device_put(a, NamedSharding(mesh, P("feat"))) for a in (g_left, h_left))
    f = jax.shard_map(finder.best, mesh=mesh, in_specs=(P("feat"), P("feat")),
                      out_specs=P(None, reduced={"feat"}))
    return f(g_left, h_left)
