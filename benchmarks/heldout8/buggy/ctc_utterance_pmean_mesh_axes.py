"""CTC-like training step: utterances sharded over the batch axis of a (batch, vocab) mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def frame_log_probs(frames, w):
    return jax.nn.log_softmax(frames @ w, axis=-1)


def utterance_nll(log_probs, labels):
    picked = jnp.take_along_axis(log_probs, labels[..., None], axis=-1)[..., 0]
    return -jnp.sum(picked, axis=-1)


def inputs():
    rng = np.random.default_rng(25)
    frames = rng.normal(size=(8, 5, 4)).astype(np.float32)
    w = rng.normal(size=(4, 6)).astype(np.float32)
    labels = rng.integers(0, 6, size=(8, 5)).astype(np.int32)
    return frames, w, labels


def main(frames, w, labels):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    frames = jax.device_put(frames, NamedSharding(mesh, P("batch")))
    labels = jax.device_put(labels, NamedSharding(mesh, P("batch")))
    w = jax.device_put(w, NamedSharding(mesh, P()))

    def step(f, w, y):
        nll = utterance_nll(frame_log_probs(f, w), y)
        return jax.lax.pmean(jnp.mean(nll), mesh.axis_names)

    run = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P("batch"), P(), P("batch")), out_specs=P()))
    return run(frames, w, labels)
