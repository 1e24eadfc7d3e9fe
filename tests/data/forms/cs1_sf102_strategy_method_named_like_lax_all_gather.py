"""A strategy's own `all_gather` method, named like `jax.lax.all_gather` which the file also
calls: it gathers over both axes a value the unshard step already left reduced on 'j'."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Strategy:
    def __init__(self, axes):
        self.axes = axes

    def unshard(self, w):
        return jax.lax.all_gather(w, "j", axis=1, tiled=True, to="reduced")

    def all_gather(self, w):
        return jax.lax.all_gather(w, self.axes, axis=0, tiled=True, to="reduced")  # SF102

    def export(self, w):
        return self.all_gather(jnp.tanh(self.unshard(w)))


def main(mesh, x):
    strategy = Strategy(("i", "j"))
    return jax.shard_map(strategy.export, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)
