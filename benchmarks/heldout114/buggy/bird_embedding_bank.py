"""BirdCLEF - build the embedding bank of the training clips for kNN pseudo-labelling of
the unlabeled soundscapes.

Exported from `birdclef-embedding-bank-knn.ipynb`.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    debug = False
    n_mels = 16
    n_frames = 8
    emb_dim = 8
    mesh_shape = (4, 2)
    axis_names = ("clips", "freq")
    bank_axes = None


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)

# the bank lives on every device
CFG.bank_axes = CFG.axis_names


def spectrogram_norm(spec):
    # per-clip normalization over all mel bins: collect the bins first
    full = jax.lax.all_gather(spec, "freq", axis=2, tiled=True, to="reduced")
    return jnp.log1p(full)


def embed(spec, w):
    x = spectrogram_norm(spec)          # [clips, frames, mels], reduced over freq
    e = jnp.tanh(x).sum(1)              # [clips, mels]
    return e


def bank_body(spec, w):
    e = embed(spec, w)
    return jax.lax.all_gather(e, CFG.bank_axes, axis=0, tiled=True, to="reduced")


def inputs():
    spec = np.abs(np.random.randn(16, CFG.n_frames, CFG.n_mels)).astype(np.float32)
    primary_label = [f"sp{i % 5}" for i in range(16)]
    return spec, primary_label


def main(spec, primary_label):
    w = np.random.randn(CFG.n_mels, CFG.emb_dim).astype(np.float32)
    with jax.set_mesh(mesh):
        s = jax.device_put(spec, NamedSharding(mesh, P("clips", None, "freq")))
        wd = jax.device_put(w, NamedSharding(mesh, P()))
        bank = jax.shard_map(bank_body, mesh=mesh, in_specs=(P("clips", None, "freq"), P()),
                             out_specs=P(reduced=set(CFG.bank_axes)))(s, wd)
    bank = np.asarray(bank)
    by_label = {}
    for i, lab in enumerate(primary_label):
        by_label.setdefault(lab, []).append(i)
    print(f"bank {bank.shape}, labels {sorted(by_label)}")
    return bank


if __name__ == "__main__":
    main(*inputs())
