"""GBDT split gains: the best gathered gain is compared with a minimum split gain."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MIN_SPLIT_GAIN = 0.1


class SplitFinder:
    def __init__(self, feat_axis):
        self.gather = lambda v: jax.lax.all_gather(v, feat_axis, axis=0, tiled=True, to="reduced")

    def best(self, g_left, h_left):
        gains = g_left ** 2 / (h_left + 1.0)
        best = jnp.max(self.gather(gains))
        return best > MIN_SPLIT_GAIN


def inputs():
    mesh = jax.make_mesh((8,), ("feat",))
    return mesh, jnp.linspace(-3.0, 3.0, 16), jnp.linspace(0.5, 8.0, 16)


def main(mesh, g_left, h_left):
    finder = SplitFinder("feat")
    g_left, h_left = (jax.device_put(a, NamedSharding(mesh, P("feat"))) for a in (g_left, h_left))
    f = jax.shard_map(finder.best, mesh=mesh, in_specs=(P("feat"), P("feat")), out_specs=P())
    return f(g_left, h_left)
