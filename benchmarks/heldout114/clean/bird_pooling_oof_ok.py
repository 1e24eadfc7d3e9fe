"""BirdCLEF 2023 - mel-spectrogram CNN-stub, attention-free pooling, OOF clip scores.

Exported from `birdclef-2023-jax-sed-baseline.ipynb`. Frequency bins split over "freq",
clips over "clips".
"""
import os
import random
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    n_folds = 2
    debug = False
    n_mels = 16
    n_frames = 8
    n_classes = 12
    pooling = "mean"
    mesh_shape = (4, 2)
    axis_names = ("clips", "freq")


def seed_everything(seed):
    random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
OOF_AXIS = CFG.axis_names[0]

# frequency pooling of the per-bin class scores
POOL = {
    "mean": partial(jax.lax.pmean, axis_name="freq"),
    "max": partial(jax.lax.pmax, axis_name="freq"),
}


def sed_head(spec, w):
    # spec: [clips, frames, mels/2]; w: [mels/2, classes]
    frame_scores = jnp.einsum("cfm,mk->cfk", jnp.log1p(spec), w)
    clip_scores = frame_scores.max(1)
    return POOL[CFG.pooling](clip_scores)


def inference_fn(spec, w):
    scores = sed_head(spec, w)
    return jax.lax.all_gather(scores, axis_name=OOF_AXIS, axis=0, tiled=True, to="reduced")


def inputs():
    spec = np.abs(np.random.randn(16, CFG.n_frames, CFG.n_mels)).astype(np.float32)
    labels = (np.random.rand(16, CFG.n_classes) > 0.8).astype(np.float32)
    return spec, labels


def main(spec, labels):
    oof = np.zeros_like(labels)
    with jax.set_mesh(mesh):
        for fold in range(CFG.n_folds):
            va = np.arange(len(spec)) % CFG.n_folds == fold
            w = np.random.RandomState(fold).randn(CFG.n_mels, CFG.n_classes).astype(np.float32) * 0.1
            s = jax.device_put(spec[va], NamedSharding(mesh, P("clips", None, "freq")))
            wd = jax.device_put(w, NamedSharding(mesh, P("freq", None)))
            out = jax.shard_map(inference_fn, mesh=mesh,
                                in_specs=(P("clips", None, "freq"), P("freq", None)),
                                out_specs=P(reduced={OOF_AXIS}))(s, wd)
            oof[va] = np.asarray(out)[: va.sum()]
            print(f"fold {fold}: mean score {oof[va].mean():.4f}")
    return oof


if __name__ == "__main__":
    main(*inputs())
