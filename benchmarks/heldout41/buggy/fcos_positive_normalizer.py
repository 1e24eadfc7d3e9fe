"""FCOS classification loss normalised by the number of positives, reductions configured by name."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NORMALIZER = {"op": "psum", "local_axes": "spatial", "global_axes": ["batch", "spatial"]}


def reduce_with(cfg, x, key):
    op = getattr(jax.lax, cfg["op"])
    axes = cfg[key]
    return op(x, tuple(axes) if isinstance(axes, list) else axes)


def num_positives(labels, cfg=NORMALIZER):
    pos = (labels > 0).astype(jnp.float32).sum()
    per_image = reduce_with(cfg, pos, "local_axes")
    return jnp.maximum(reduce_with(cfg, per_image, "global_axes"), 1.0)


def cls_loss(logits, labels):
    onehot = (labels > 0).astype(jnp.float32)
    bce = jnp.maximum(logits, 0) - logits * onehot + jnp.log1p(jnp.exp(-jnp.abs(logits)))
    return bce.sum() / num_positives(labels)


def inputs():
    rng = np.random.default_rng(16)
    return (rng.standard_normal((8, 16)).astype(np.float32),
            rng.integers(0, 3, size=(8, 16)).astype(np.int32))


def main(logits, labels):
    mesh = jax.make_mesh((4, 2), ("batch", "spatial"))
    spec = P("batch", "spatial")
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    labels = jax.device_put(labels, NamedSharding(mesh, spec))
    loss = jax.shard_map(lambda a, b: cls_loss(a, b)[None], mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(("batch", "spatial")))
    return loss(logits, labels)


if __name__ == "__main__":
    main(*inputs())
