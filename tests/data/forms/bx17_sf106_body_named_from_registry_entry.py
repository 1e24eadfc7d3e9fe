import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

LOSSES = {}


def loss(name):
    def wrap(fn):
        LOSSES[name] = fn
        return fn
    return wrap


@loss("gathered")
def gathered_softmax(logits, axis_name="j"):
    logits = jax.lax.all_gather(logits, axis_name, axis=1, tiled=True, to="reduced")
    return jax.nn.softmax(logits, axis=-1)  # SF106


def main(mesh, x):
    fn = LOSSES["gathered"]
    return jax.shard_map(fn, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
