"""CREPE-like pitch classifier: 360-bin posteriors gathered per frame, then pooled for Viterbi."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_CARD = {
    "name": "crepe-tiny",
    "sharding": {"frames": "utt", "bins": "lag"},
    "viterbi": {"pool": ["utt", "lag"]},
}


def bin_posteriors(logits, card=MODEL_CARD):
    probs = jax.nn.sigmoid(logits)
    return jax.lax.all_gather(probs, card["sharding"]["bins"], axis=1, tiled=True, to="reduced")


def viterbi_input(logits, card=MODEL_CARD):
    post = bin_posteriors(logits, card)
    return jax.lax.all_gather(post, tuple(card["viterbi"]["pool"]), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(51)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(logits):
    sh = MODEL_CARD["sharding"]
    mesh = jax.make_mesh((2, 4), (sh["frames"], sh["bins"]))
    spec = P(sh["frames"], sh["bins"])
    logits = jax.device_put(logits, NamedSharding(mesh, spec))
    return jax.shard_map(viterbi_input, mesh=mesh, in_specs=spec,
                         out_specs=P(None, None, reduced={"utt", "lag"}))(logits)


if __name__ == "__main__":
    print(main(*inputs()).shape)
