"""launchers/asr/export_features.py: compute log-mel features on the pod and export them.

Features come out of the jitted front end split over (batch, frames); the export target
is a NamedSharding chosen by the serving config.
"""
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

FEATURE_SPEC = P("batch", "frames", None)


class ServingConfig:
    def __init__(self, mesh, per_utterance=True):
        self.mesh = mesh
        self.per_utterance = per_utterance

    def export_sharding(self):
        if self.per_utterance:
            return NamedSharding(self.mesh, P("batch", None, None))
        return NamedSharding(self.mesh, P(None, None, None, reduced={"batch", "frames"}))


def topology():
    n = jax.device_count()
    frames = int(os.environ.get("FRAME_SHARDS", "4"))
    dcn_parallelism = [int(os.environ.get("NUM_SLICES", "1")), 1]
    ici_parallelism = [n // frames, frames]
    return tuple(d * i for d, i in zip(dcn_parallelism, ici_parallelism))


def log_mel(x):
    power = jnp.abs(x) ** 2
    return jnp.log(power + 1e-6)


def featurize(mesh):
    return jax.jit(log_mel, out_shardings=NamedSharding(mesh, FEATURE_SPEC))


def export(features, serving, out_dir):
    out = top_level_all_gather(features, serving.export_sharding())
    if jax.process_index() == 0:
        np.save(os.path.join(out_dir, "features.npy"), np.asarray(out))
    return out


def main(per_utterance):
    mesh = jax.make_mesh(topology(), ("batch", "frames"))
    serving = ServingConfig(mesh, per_utterance=per_utterance)
    rng = np.random.default_rng(0)
    audio = jax.device_put(rng.standard_normal((4, 16, 8)).astype(np.float32),
                           NamedSharding(mesh, FEATURE_SPEC))
    with jax.set_mesh(mesh):
        feats = featurize(mesh)(audio)
        with tempfile.TemporaryDirectory() as tmp:
            out = export(feats, serving, tmp)
    if jax.process_index() == 0:
        print("exported", out.shape)
    return out


def manifest_line(out, serving):
    if jax.process_index() != 0:
        return None
    mode = "per_utterance" if serving.per_utterance else "replicated"
    return f"features {tuple(out.shape)} mode={mode} hosts={jax.process_count()}"


def inputs():
    return (os.environ.get("EXPORT_MODE", "per_utterance") == "per_utterance",)


if __name__ == "__main__":
    main(*inputs())
