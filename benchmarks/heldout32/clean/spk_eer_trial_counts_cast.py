"""EER evaluation: target / impostor trial counts above each threshold, reduced over the mesh."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

THRESHOLDS = np.linspace(-1.0, 1.0, 8, dtype=np.float32)


def make_eval(trial_axis, score_axis):
    reduce_all = functools.partial(jax.lax.psum, axis_name=(trial_axis, score_axis))

    def evaluate(scores, labels):
        above = (scores[..., None] > THRESHOLDS).astype(jnp.float32)
        targets = jax.lax.psum(jnp.sum(above * labels[..., None], axis=(0, 1)), score_axis)
        impostors = jnp.sum(above * (1 - labels[..., None]), axis=(0, 1))
        return reduce_all(jax.lax.pcast(targets, score_axis, to="varying")), reduce_all(impostors)

    return evaluate


def inputs():
    rng = np.random.default_rng(33)
    scores = rng.uniform(-1, 1, (8, 16)).astype(np.float32)
    labels = (rng.uniform(size=(8, 16)) > 0.5).astype(np.float32)
    return scores, labels


def main(scores, labels):
    mesh = jax.make_mesh((2, 4), ("trials", "scores"))
    spec = P("trials", "scores")
    scores = jax.device_put(scores, NamedSharding(mesh, spec))
    labels = jax.device_put(labels, NamedSharding(mesh, spec))
    body = make_eval(*mesh.axis_names)
    return jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=(P(), P()))(scores, labels)


if __name__ == "__main__":
    print(main(*inputs()))
