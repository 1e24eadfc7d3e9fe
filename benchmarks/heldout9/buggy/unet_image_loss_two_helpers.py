"""U-Net training loss: per-pixel cross entropy summed per image over the row shards, then
averaged over the batch and the mesh through a second helper reading the config's axes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"axes": {"batch": "data", "rows": "spatial"}, "classes": 3}


def image_loss(logits, mask, rows_axis):
    logp = jax.nn.log_softmax(logits, axis=-1)
    nll = -jnp.take_along_axis(logp, mask[..., None], axis=-1)[..., 0]
    return jax.lax.psum(jnp.sum(nll, axis=(1, 2)), rows_axis)


def batch_loss(per_image, axes):
    return jax.lax.pmean(jnp.mean(per_image), tuple(axes.values()))


def loss_fn(logits, mask):
    axes = CONFIG["axes"]
    return batch_loss(image_loss(logits, mask, axes["rows"]), axes)


def main(logits, mask):
    mesh = jax.make_mesh((2, 4), tuple(CONFIG["axes"].values()))
    f = jax.shard_map(loss_fn, mesh=mesh,
                      in_specs=(P("data", "spatial", None, None), P("data", "spatial", None)),
                      out_specs=P())
    return f(jax.device_put(logits, NamedSharding(mesh, P("data", "spatial", None, None))),
             jax.device_put(mask, NamedSharding(mesh, P("data", "spatial", None))))


def inputs():
    k1, k2 = jax.random.split(jax.random.key(44))
    return jax.random.normal(k1, (2, 8, 8, 3)), jax.random.randint(k2, (2, 8, 8), 0, 3)
