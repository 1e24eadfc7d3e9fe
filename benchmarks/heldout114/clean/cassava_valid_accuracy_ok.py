"""Cassava - valid_fn with on-device accuracy for a ("batch", "tp") mesh, 3 folds x 2 archs.

Exported from `cassava-multi-arch-cv.ipynb`. Two archs share the loop body (copy-pasted
cells for `resnet_stub` and `vit_stub`, with their own head).
"""
import random
import time

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 3
    n_folds = 3
    archs = ["resnet_stub", "vit_stub"]
    feat_dim = 16
    n_classes = 5
    debug = False
    mesh_shape = (4, 2)
    axis_names = ("batch", "tp")
    metric_axes = ("batch",)


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)

FEATS = np.random.randn(96, CFG.feat_dim).astype(np.float32)
LABELS = np.random.randint(0, CFG.n_classes, 96)
FOLD = np.arange(96) % CFG.n_folds


def resnet_head(f, w):
    # column-parallel classifier: every tp rank holds some of the classes' logits... after
    # the psum every rank has all the logits
    return jax.lax.psum(jnp.maximum(f, 0.0) @ w, "tp")


def vit_head(f, w):
    return jax.lax.psum(jax.nn.gelu(f) @ w, "tp")


HEADS = {"resnet_stub": resnet_head, "vit_stub": vit_head}


def make_valid_fn(arch):
    head = HEADS[arch]

    def valid_fn(f, w, y):
        logits = head(f, w)
        correct = (jnp.argmax(logits, -1) == y).astype(jnp.float32)
        acc = jax.lax.pmean(correct.mean(), CFG.metric_axes)
        return acc
    return valid_fn


def inputs():
    return FEATS, LABELS, FOLD


def main(feats, labels, fold_ids):
    scores = {a: [] for a in CFG.archs}
    with jax.set_mesh(mesh):
        for arch in CFG.archs:
            valid_fn = make_valid_fn(arch)
            for fold in range(CFG.n_folds):
                t0 = time.time()
                va = fold_ids == fold
                f = jax.device_put(feats[va], NamedSharding(mesh, P("batch", "tp")))
                y = jax.device_put(labels[va], NamedSharding(mesh, P("batch")))
                w = np.random.RandomState(fold).randn(CFG.feat_dim, CFG.n_classes).astype(np.float32)
                w = jax.device_put(w, NamedSharding(mesh, P("tp", None)))
                acc = jax.shard_map(valid_fn, mesh=mesh,
                                    in_specs=(P("batch", "tp"), P("tp", None), P("batch")),
                                    out_specs=P())(f, w, y)
                scores[arch].append(float(acc))
                print(f"{arch} fold {fold}: acc {scores[arch][-1]:.3f} ({time.time() - t0:.2f}s)")
    for arch, s in scores.items():
        print(f"{arch}: CV {np.mean(s):.4f}")
    return scores


if __name__ == "__main__":
    main(*inputs())
