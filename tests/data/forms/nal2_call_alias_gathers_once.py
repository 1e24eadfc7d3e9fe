"""Near miss of al3: `__call__ = forward`, and the forward gathers the table reduced once."""
import jax
from jax.sharding import PartitionSpec as P


class ShardedEmbed:
    def __init__(self, vocab_axis="j"):
        self.vocab_axis = vocab_axis

    def forward(self, table):
        return jax.lax.all_gather(table, self.vocab_axis, axis=0, tiled=True, to="reduced")

    __call__ = forward


def run(mesh, x):
    embed = ShardedEmbed()
    return jax.shard_map(embed, mesh=mesh, in_specs=P("j", "i"),
                         out_specs=P(None, "i", reduced={"j"}))(x)
