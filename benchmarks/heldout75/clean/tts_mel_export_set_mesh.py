"""Synthesis script: mel spectrograms are gathered for the vocoder fine-tuning data."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SYNTH_CFG = {
    "mesh": {"shape": (2, 4), "axes": ("data", "channel")},
    "export": {"spec": [None, "channel"], "reduced": ["data"]},
}


def decoder(mel):
    return jnp.tanh(mel) * 4.0


def synthesize(mel, cfg):
    mesh = jax.make_mesh(cfg["mesh"]["shape"], cfg["mesh"]["axes"])
    mel = jax.device_put(mel, NamedSharding(mesh, P(*cfg["mesh"]["axes"])))
    with jax.set_mesh(mesh):
        mel = jax.jit(decoder)(mel)
        out = P(*cfg["export"]["spec"], reduced=set(cfg["export"]["reduced"]))
        return top_level_all_gather(mel, out)


def inputs():
    rng = np.random.default_rng(63)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(mel):
    return synthesize(mel, SYNTH_CFG)


if __name__ == "__main__":
    print(main(*inputs()))
