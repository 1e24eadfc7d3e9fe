"""CLIP training step on a (data, model) mesh: the loss is averaged over every mesh axis."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def clip_loss(img, txt, temperature=0.07):
    # img, txt: [b/data, d] replicated over 'model'
    all_txt = jax.lax.all_gather(txt, "data", tiled=True)
    logits = img @ all_txt.T / temperature
    labels = jnp.arange(img.shape[0]) + jax.lax.axis_index("data") * img.shape[0]
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))


def train_step(img, txt, mesh):
    loss = clip_loss(img, txt)
    return jax.lax.pmean(loss, mesh.axis_names)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    k1, k2 = jax.random.split(jax.random.key(32))
    s = NamedSharding(mesh, P("data"))
    return (mesh, jax.device_put(jax.random.normal(k1, (16, 8)), s),
            jax.device_put(jax.random.normal(k2, (16, 8)), s))


def main(mesh, img, txt):
    return jax.shard_map(lambda i, t: train_step(i, t, mesh), mesh=mesh,
                         in_specs=(P("data"), P("data")), out_specs=P())(img, txt)
