"""Cassava - recalibrate BatchNorm statistics on the test distribution before inference.

Exported from `cassava-bn-adapt-effnet.ipynb`. Data-parallel over "batch", head split over "tp".
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 2020
    model_arch = "effnet_b0_stub"
    img_size = 8
    feat_dim = 16
    n_classes = 5
    bn_momentum = 0.9
    debug = False
    mesh_shape = (4, 2)
    axis_names = ("batch", "tp")


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
BATCH = "batch"


def backbone(img, w):
    flat = img.reshape(img.shape[0], -1)
    return jnp.tanh(flat @ w)


def bn_stats(feats):
    """Per-channel mean / var over the whole test batch (all data-parallel ranks)."""
    moments = jnp.stack([feats.sum(0), (feats * feats).sum(0)])
    s1, s2 = jax.lax.pmean(moments, BATCH)
    return s1, s2


def adapt_body(img, w):
    feats = backbone(img, w)
    # keep the full test batch of features on each device for the kNN-pseudo-labels cell
    feats_all = jax.lax.all_gather(feats, BATCH, axis=0, tiled=True, to="reduced")
    s1, s2 = bn_stats(feats_all)
    return s1, s2, feats_all


def inputs():
    imgs = np.random.rand(32, CFG.img_size, CFG.img_size, 3).astype(np.float32)
    return (imgs,)


def main(imgs):
    w = np.random.randn(CFG.img_size * CFG.img_size * 3, CFG.feat_dim).astype(np.float32) * 0.05
    with jax.set_mesh(mesh):
        x = jax.device_put(imgs, NamedSharding(mesh, P(BATCH)))
        wd = jax.device_put(w, NamedSharding(mesh, P()))
        s1, s2, feats = jax.shard_map(adapt_body, mesh=mesh, in_specs=(P(BATCH), P()),
                                      out_specs=(P(), P(), P(reduced={BATCH})))(x, wd)
    n = imgs.shape[0]
    mean = np.asarray(s1) / n
    var = np.asarray(s2) / n - mean ** 2
    running_mean = CFG.bn_momentum * 0.0 + (1 - CFG.bn_momentum) * mean
    print(f"adapted bn: mean {running_mean.mean():.4f} var {var.mean():.4f} feats {np.asarray(feats).shape}")
    return running_mean, var


if __name__ == "__main__":
    main(*inputs())
