"""wav2vec 2.0 diversity loss: average codeword probabilities over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "codebook"))
DATA, CODES = MESH.axis_names


def diversity_loss(probs, n_codes=16):
    avg = probs.mean(axis=0)
    entropy = -(avg * jnp.log(avg + 1e-7)).sum()
    entropy = jax.lax.psum(entropy, CODES)
    return jax.lax.pmean(entropy, DATA) / n_codes


def inputs():
    return (np.full((8, 16), 1.0 / 16, np.float32),)


def main(probs):
    probs = jax.device_put(probs, NamedSharding(MESH, P(DATA, CODES)))
    return jax.shard_map(diversity_loss, mesh=MESH, in_specs=P(DATA, CODES), out_specs=P())(probs)


if __name__ == "__main__":
    main(*inputs())
