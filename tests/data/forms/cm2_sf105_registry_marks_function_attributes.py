"""A loss registry keeps each loss's metadata on the function (`fn.log_axes = log_axes` in the
registering decorator), read back as `LOSSES[name].log_axes` and, inside the loss, as
`sharded_xent.class_axis`: the decorator line's keywords. The loss is invariant on 'j' (psum over
the class axis), varying on 'i', and the tuple pmean over ('i', 'j') rejects it."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

LOSSES = {}


def register_loss(name, *, class_axis, log_axes):
    def deco(fn):
        fn.class_axis = class_axis
        fn.log_axes = log_axes
        LOSSES[name] = fn
        return fn
    return deco


@register_loss("xent", class_axis="j", log_axes=("i", "j"))
def sharded_xent(logits):
    axis = sharded_xent.class_axis
    m = jax.lax.pmax(jnp.max(logits, axis=-1), axis)
    return jnp.log(jax.lax.psum(jnp.sum(jnp.exp(logits - m[:, None]), axis=-1), axis)) + m


def compute_loss(name, logits):
    fn = LOSSES[name]
    return jax.lax.pmean(jnp.mean(fn(logits)), fn.log_axes)  # SF105


def main(mesh, x):
    return jax.shard_map(lambda l: compute_loss("xent", l), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
