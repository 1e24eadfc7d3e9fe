"""CLIP training metrics: the loss and accuracy, complete over the feature shards, are cast
back to varying on that axis before the mean over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("data", "feat"))
AXES = tuple(MESH.shape)


def contrastive_metrics(img, txt, temperature=0.07):
    logits = jax.lax.psum(img @ txt.T, "feat") / temperature
    labels = jnp.arange(logits.shape[0])
    logp = jax.nn.log_softmax(logits, axis=-1)
    metrics = {
        "loss": -jnp.mean(logp[labels, labels]),
        "acc": jnp.mean((jnp.argmax(logits, -1) == labels).astype(jnp.float32)),
    }
    return {k: jax.lax.pmean(jax.lax.pcast(v, "feat", to="varying"), AXES) for k, v in metrics.items()}


def inputs():
    img = np.linspace(-1, 1, 16 * 8, dtype=np.float32).reshape(16, 8)
    return img, img[::-1].copy()


def main(img, txt):
    spec = P("data", "feat")
    img, txt = (jax.device_put(a, NamedSharding(MESH, spec)) for a in (img, txt))
    f = jax.shard_map(contrastive_metrics, mesh=MESH, in_specs=(spec, spec),
                      out_specs={"loss": P(), "acc": P()})
    return f(img, txt)


if __name__ == "__main__":
    print(main(*inputs()))
