"""Glow-TTS / RAD-TTS alignment: the beta-binomial prior is assembled from every shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

UTT, MEL = "utt", "mel"
PRIOR_STAGES = [
    {"name": "text", "axes": UTT, "dim": 0},
    {"name": "full", "axes": (UTT, MEL), "dim": 1},
]


def assemble_prior(block):
    prior = block
    for stage in PRIOR_STAGES:
        prior = jax.lax.all_gather(prior, stage["axes"], axis=stage["dim"], tiled=True,
                                   to="reduced")
    return prior


def inputs():
    k = np.arange(16, dtype=np.float32)
    return (np.tile(k / k.sum(), (8, 1)),)


def main(prior):
    mesh = jax.make_mesh((2, 4), (UTT, MEL))
    prior = jax.device_put(prior, NamedSharding(mesh, P(UTT, MEL)))
    fn = jax.shard_map(assemble_prior, mesh=mesh, in_specs=P(UTT, MEL),
                       out_specs=P(None, None, reduced={UTT, MEL}))
    return fn(prior)


if __name__ == "__main__":
    main(*inputs())
