"""MaxText-like decoder loss: logical axis names mapped to mesh axes through a rules table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOGICAL_AXIS_RULES = (
    ("activation_batch", "data"),
    ("activation_embed", "tensor"),
    ("vocab", "tensor"),
)


def logical_to_mesh(*names):
    rules = dict(LOGICAL_AXIS_RULES)
    return P(*(rules.get(n) for n in names))


def mesh_axes(*names):
    rules = dict(LOGICAL_AXIS_RULES)
    return tuple(dict.fromkeys(rules[n] for n in names))


def inputs():
    logits = np.random.default_rng(0).normal(size=(8, 16)).astype(np.float32)
    return (logits,)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("data", "tensor"))
    spec = logical_to_mesh("activation_batch", "vocab")
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    reduce_axes = mesh_axes("activation_batch", "vocab")

    def decoder_loss(z):
        per_token = jax.nn.logsumexp(z, axis=-1) - z[:, 0]
        loss = jax.lax.pmean(jnp.mean(per_token)[None], reduce_axes)
        history = jax.lax.all_gather(loss, reduce_axes[0], tiled=True, to="reduced")
        return history

    step = jax.jit(jax.shard_map(decoder_loss, mesh=mesh, in_specs=(spec,),
                                 out_specs=P(None, reduced={"data"})))
    return step(logits)
