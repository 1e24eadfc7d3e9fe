"""A hand-ported module that names its forward pass and aliases it: `__call__ = forward`."""
import jax
from jax.sharding import PartitionSpec as P


class ShardedEmbed:
    def __init__(self, vocab_axis="j", batch_axis="i"):
        self.vocab_axis = vocab_axis
        self.batch_axis = batch_axis

    def forward(self, table):
        rows = jax.lax.all_gather(table, self.vocab_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, (self.batch_axis, self.vocab_axis), axis=1,  # SF102
                                  tiled=True, to="reduced")

    __call__ = forward


def run(mesh, x):
    embed = ShardedEmbed()
    return jax.shard_map(embed, mesh=mesh, in_specs=P("j", "i"),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)
