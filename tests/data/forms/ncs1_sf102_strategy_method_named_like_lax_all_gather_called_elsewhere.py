"""The strategy's `all_gather` is also handed out as a value (`hooks`), so code the analysis does
not follow may call it: its states are not known, and nothing is said about its gather."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Strategy:
    def __init__(self, axes):
        self.axes = axes

    def unshard(self, w):
        return jax.lax.all_gather(w, "j", axis=1, tiled=True, to="reduced")

    def all_gather(self, w):
        return jax.lax.all_gather(w, self.axes, axis=0, tiled=True, to="reduced")

    def export(self, w):
        return self.all_gather(jnp.tanh(self.unshard(w)))


def main(mesh, x, hooks=None):
    strategy = Strategy(("i", "j"))
    if hooks is not None:
        hooks.append(strategy.all_gather)
    return jax.shard_map(strategy.export, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)
