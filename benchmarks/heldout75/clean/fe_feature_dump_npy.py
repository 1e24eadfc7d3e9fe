"""Dump extracted fbank features to a Kaldi-style ark layout for the downstream recipes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FEATURE_LAYOUTS = {
    "train": P("batch", "freq"),
    "kaldi": P("freq", None, reduced={"batch"}),
    "npy": P(None, "freq", reduced={"batch"}),
}


def extract(power):
    return jnp.log(power + 1e-6)


def write_features(feats, fmt):
    return top_level_all_gather(feats, FEATURE_LAYOUTS[fmt])


def inputs():
    rng = np.random.default_rng(13)
    return (np.abs(rng.standard_normal((8, 16))).astype(np.float32),)


def main(power, fmt="npy"):
    mesh = jax.make_mesh((2, 4), ("batch", "freq"))
    with jax.set_mesh(mesh):
        power = jax.device_put(power, NamedSharding(mesh, FEATURE_LAYOUTS["train"]))
        feats = jax.jit(extract)(power)
        return write_features(feats, fmt)


if __name__ == "__main__":
    print(main(*inputs()))
