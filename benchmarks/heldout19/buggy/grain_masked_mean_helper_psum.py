"""Loss normalised by the number of real tokens a padded loader batch holds."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "seq")


def masked_mean(total, count, axes=AXES):
    return jax.lax.psum(total, axes) / jax.lax.psum(count, axes)


def loss_body(logits, targets, mask):
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.take_along_axis(logp, targets[..., None], axis=-1)[..., 0]
    total = jnp.sum(nll * mask)
    count = jax.lax.psum(jnp.sum(mask), "seq")
    return masked_mean(total, count)


def main(logits, targets, mask):
    mesh = jax.make_mesh((4, 2), AXES)
    spec = P(*AXES)
    logits = jax.device_put(logits, NamedSharding(mesh, P(*AXES, None)))
    targets = jax.device_put(targets, NamedSharding(mesh, spec))
    mask = jax.device_put(mask, NamedSharding(mesh, spec))
    fn = jax.shard_map(loss_body, mesh=mesh, in_specs=(P(*AXES, None), spec, spec), out_specs=P())
    return fn(logits, targets, mask)


def inputs():
    rng = np.random.default_rng(44)
    return (rng.standard_normal((8, 8, 5), dtype=np.float32),
            rng.integers(0, 5, (8, 8)).astype(np.int32),
            (rng.random((8, 8)) > 0.2).astype(np.float32))
