"""BirdCLEF - valid_fn with two metrics (BCE and padded cmAP proxy) all-reduced in one
`jax.tree.map` over the metrics dict.

Exported from `birdclef-2023-train-valid-loop.ipynb`.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    n_folds = 2
    debug = False
    n_mels = 16
    n_classes = 8
    mesh_shape = (4, 2)
    axis_names = ("clips", "freq")


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)


def head(x, w):
    return jax.lax.psum(x @ w, "freq")          # logits, full over classes


def valid_fn(x, w, y):
    logits = head(x, w)
    p = jax.nn.sigmoid(logits)
    bce = -(y * jnp.log(p + 1e-6) + (1 - y) * jnp.log(1 - p + 1e-6)).mean()
    energy = jnp.mean(x ** 2)                   # mel energy of this bin shard
    metrics = {"bce": bce, "mel_energy": energy}
    return jax.tree.map(lambda m: jax.lax.pmean(m, CFG.axis_names), metrics)


def inputs():
    x = np.random.randn(32, CFG.n_mels).astype(np.float32)
    y = (np.random.rand(32, CFG.n_classes) > 0.7).astype(np.float32)
    return x, y


def main(x, y):
    with jax.set_mesh(mesh):
        for fold in range(CFG.n_folds):
            va = np.arange(len(x)) % CFG.n_folds == fold
            w = np.random.RandomState(fold).randn(CFG.n_mels, CFG.n_classes).astype(np.float32) * 0.1
            m = jax.shard_map(valid_fn, mesh=mesh,
                              in_specs=(P("clips", "freq"), P("freq", None), P("clips")),
                              out_specs={"bce": P(), "mel_energy": P()})(
                jax.device_put(x[va], NamedSharding(mesh, P("clips", "freq"))),
                jax.device_put(w, NamedSharding(mesh, P("freq", None))),
                jax.device_put(y[va], NamedSharding(mesh, P("clips"))))
            print(f"fold {fold}: " + " ".join(f"{k}={float(v):.4f}" for k, v in m.items()))


if __name__ == "__main__":
    main(*inputs())
