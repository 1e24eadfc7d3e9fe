"""launchers/asr/specaug.py: SpecAugment-style masking applied after the frame gather.

Time masking needs the whole utterance, so the frames are gathered first (to="reduced",
the masked features only feed the loss); then the log compression is applied.
"""
import os
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class AugConfig:
    mask_start: int = 2
    mask_len: int = 3
    log_floor: float = 1e-5
    frame_shards: int = 4


def parse(argv):
    cfg = AugConfig()
    for item in argv:
        k, v = item.split("=")
        setattr(cfg, k, type(getattr(cfg, k))(v))
    return cfg


def time_mask(frames, start, length):
    idx = jnp.arange(frames)
    return ((idx < start) | (idx >= start + length)).astype(jnp.float32)


def augment(cfg):
    def body(power):
        whole = jax.lax.all_gather(power, "frames", axis=1, tiled=True, to="reduced")
        feats = jnp.log(whole + cfg.log_floor)
        return feats

    return body


def build(mesh, cfg):
    return jax.jit(jax.shard_map(augment(cfg), mesh=mesh,
                                 in_specs=P("batch", "frames", None),
                                 out_specs=P("batch", None, None, reduced={"frames"})))


def batch_for_host(mesh, shape):
    rng = np.random.default_rng(100 + jax.process_index())
    power = rng.random(shape, dtype=np.float32)
    return jax.make_array_from_process_local_data(
        NamedSharding(mesh, P("batch", "frames", None)), power)


def main(argv):
    cfg = parse(argv)
    dims = (jax.device_count() // cfg.frame_shards, cfg.frame_shards)
    mesh = jax.make_mesh(dims, ("batch", "frames"))
    power = batch_for_host(mesh, (4, 8, 3))
    with jax.set_mesh(mesh):
        feats = build(mesh, cfg)(power)
    mask = time_mask(8, cfg.mask_start, cfg.mask_len)
    if jax.process_index() == 0:
        print("augmented", feats.shape, "masked frames", int(8 - mask.sum()))
    return feats


def masked_fraction(cfg, frames=8):
    return float(1.0 - time_mask(frames, cfg.mask_start, cfg.mask_len).mean())


def inputs():
    return (os.environ.get("SPECAUG", "mask_len=3").split(),)


if __name__ == "__main__":
    main(*inputs())
