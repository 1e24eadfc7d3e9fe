"""Length-normalised CTC-style loss table: per-utterance losses divided by target lengths."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = "utt"


def utterance_nll(log_probs, targets):
    picked = jnp.take_along_axis(log_probs, targets[..., None], axis=-1)[..., 0]
    return -picked.sum(axis=-1)


def normalised_table(log_probs, targets, target_lengths):
    start = jax.lax.axis_index(DATA) * targets.shape[0]
    nll = utterance_nll(log_probs, targets) / jax.lax.dynamic_slice_in_dim(target_lengths, start, targets.shape[0])
    return jax.lax.all_gather(nll, DATA, to="reduced", tiled=True)


def inputs():
    rng = np.random.default_rng(27)
    logits = rng.normal(size=(16, 12, 8)).astype(np.float32)
    targets = rng.integers(1, 8, size=(16, 12)).astype(np.int32)
    lengths = rng.integers(4, 12, size=(16,)).astype(np.float32)
    return np.asarray(jax.nn.log_softmax(logits, -1)), targets, lengths


def main(log_probs, targets, lengths):
    mesh = jax.make_mesh((8,), (DATA,))
    log_probs = jax.device_put(log_probs, NamedSharding(mesh, P(DATA)))
    targets = jax.device_put(targets, NamedSharding(mesh, P(DATA)))
    lengths = jax.device_put(lengths, NamedSharding(mesh, P()))
    return jax.shard_map(normalised_table, mesh=mesh, in_specs=(P(DATA), P(DATA), P()),
                         out_specs=P(None, reduced={DATA}))(log_probs, targets, lengths)


if __name__ == "__main__":
    print(main(*inputs()))
