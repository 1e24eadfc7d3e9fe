"""Audio tagging eval: mAP numerator / denominator reduced across clips and class shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVAL = {"axes": ("clips", "classes"), "threshold": 0.5}


def precision_terms(scores, targets, class_axis):
    tp = jnp.sum((scores > EVAL["threshold"]) * targets)
    positives = jax.lax.psum(jnp.sum(targets), class_axis)
    return tp, positives


def mean_ap(scores, targets):
    clip_axis, class_axis = EVAL["axes"]
    tp, positives = precision_terms(scores, targets, class_axis)
    tp_all = jax.lax.psum(tp, EVAL["axes"])
    pos_all = jax.lax.psum(positives, EVAL["axes"])
    return tp_all / pos_all


def inputs():
    rng = np.random.default_rng(64)
    return (rng.uniform(size=(8, 16)).astype(np.float32),
            (rng.uniform(size=(8, 16)) > 0.6).astype(np.float32))


def main(scores, targets):
    mesh = jax.make_mesh((2, 4), EVAL["axes"])
    spec = P(*EVAL["axes"])
    scores = jax.device_put(scores, NamedSharding(mesh, spec))
    targets = jax.device_put(targets, NamedSharding(mesh, spec))
    return jax.shard_map(mean_ap, mesh=mesh, in_specs=(spec, spec), out_specs=P())(scores, targets)


if __name__ == "__main__":
    print(main(*inputs()))
