"""ViT eval step: logits summed over the tensor-parallel head, metrics averaged over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def eval_step(feats, w_head, labels, axes):
    logits = jax.lax.psum(feats @ w_head, "tensor")
    logp = jax.nn.log_softmax(logits)
    loss = -jnp.take_along_axis(logp, labels[:, None], axis=1).mean()
    acc = (jnp.argmax(logits, -1) == labels).mean()
    metrics = jax.tree.map(lambda m: jax.lax.pmean(m, axes), {"loss": loss, "acc": acc})
    return metrics


def main(feats, w_head, labels):
    mesh = jax.make_mesh((4, 2), ("data", "tensor"))
    axes = tuple(mesh.axis_names)
    feats = jax.device_put(feats, NamedSharding(mesh, P("data", "tensor")))
    w_head = jax.device_put(w_head, NamedSharding(mesh, P("tensor", None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P("data")))
    fn = jax.shard_map(lambda f, w, l: eval_step(f, w, l, axes), mesh=mesh,
                       in_specs=(P("data", "tensor"), P("tensor", None), P("data")),
                       out_specs={"loss": P(), "acc": P()})
    return fn(feats, w_head, labels)


def inputs():
    rng = np.random.default_rng(14)
    return (rng.standard_normal((16, 8), dtype=np.float32),
            rng.standard_normal((8, 10), dtype=np.float32),
            rng.integers(0, 10, (16,)).astype(np.int32))
