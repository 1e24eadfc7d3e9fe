"""A layer factory that passes a callable through and looks a name up in a table: given a name,
`callable(name)` is False, so the block's activation is the table's function and keeps the
gathered value reduced."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

_ACTS = dict(relu=jax.nn.relu, tanh=jnp.tanh)


def get_act(name="relu"):
    if callable(name):
        return name
    return _ACTS[name]


class Block:
    def __init__(self, act="relu", axis="i"):
        self.act = get_act(act)
        self.axis = axis

    def __call__(self, x):
        x = jax.lax.all_gather(x, self.axis, axis=0, tiled=True, to="reduced")
        x = self.act(x)
        return jax.lax.pmean(x, self.axis)  # SF103


def main(mesh, x):
    block = Block(act="tanh")
    return jax.shard_map(block, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)
