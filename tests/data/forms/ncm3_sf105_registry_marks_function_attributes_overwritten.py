"""Near miss of cm2: `main` sets the loss's `log_axes` again before mapping, to ('i',) alone, so
the pmean is over the axis the loss varies on and runs. A mark some other code stores is not
read as the decorator line wrote it."""
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
    return jax.lax.pmean(jnp.mean(fn(logits)), fn.log_axes)


def main(mesh, x):
    LOSSES["xent"].log_axes = ("i",)
    return jax.shard_map(lambda l: compute_loss("xent", l), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
