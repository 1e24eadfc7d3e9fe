import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def classify(mesh, feats, w, labels):
    metric_axes = mesh.axis_names
    batch_axis, feat_axis = metric_axes

    def body(f, w, y):
        logits = jax.lax.psum(f @ w, feat_axis)
        pred = jnp.argmax(logits, axis=-1)
        correct = (pred == y).astype(jnp.float32).mean()
        return jax.lax.pmean(correct, metric_axes)

    return jax.shard_map(
        body,
        mesh=mesh,
        in_specs=(P(batch_axis, feat_axis), P(feat_axis, None), P(batch_axis)),
        out_specs=P(),
    )(feats, w, labels)


def inputs():
    rng = np.random.default_rng(4)
    feats = rng.normal(size=(16, 8)).astype(np.float32)
    w = rng.normal(size=(8, 5)).astype(np.float32)
    labels = rng.integers(0, 5, size=(16,)).astype(np.int32)
    return feats, w, labels


def main(feats, w, labels):
    mesh = jax.make_mesh((2, 4), ("batch", "feat"))
    feats = jax.device_put(feats, NamedSharding(mesh, P("batch", "feat")))
    w = jax.device_put(w, NamedSharding(mesh, P("feat", None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P("batch")))
    acc = classify(mesh, feats, w, labels)
    print("accuracy", float(acc))
    return acc


if __name__ == "__main__":
    main(*inputs())
