"""MaxText-like loss: averaged over the mesh, then shared to every device as an invariant value."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOGICAL_AXIS_RULES = (("activation_batch", "data"), ("vocab", "tensor"))


def logical_to_mesh(*names):
    rules = dict(LOGICAL_AXIS_RULES)
    return P(*(rules.get(n) for n in names))


def inputs():
    return (np.random.default_rng(40).normal(size=(8, 16)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("data", "tensor"))
    spec = logical_to_mesh("activation_batch", "vocab")
    logits = jax.device_put(logits, NamedSharding(mesh, spec))

    def decoder_loss(z):
        per_token = jax.nn.logsumexp(z, axis=-1) - z[:, 0]
        loss = jax.lax.pmean(jnp.mean(per_token)[None], ("data", "tensor"))
        return jax.lax.all_gather(loss, "data", tiled=True, to="invarying") * 0.5

    f = jax.jit(jax.shard_map(decoder_loss, mesh=mesh, in_specs=(spec,), out_specs=P()))
    return f(logits)
