"""Cassava Leaf Disease Classification - ViT-tiny (tensor-parallel head), 2x TTA, OOF logits.

Exported from `cassava-vit-tp-tta-inference.ipynb`.
"""
import os
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 719
    n_folds = 5
    trn_fold = [0, 1]
    model_arch = "vit_tiny_patch4_32"
    img_size = 32
    patch = 4
    dim = 32
    n_classes = 5
    tta = 2
    debug = False
    mesh_shape = (4, 2)
    axis_names = ("batch", "tp")


LABELS = {0: "CBB", 1: "CBSD", 2: "CGM", 3: "CMD", 4: "Healthy"}


def seed_everything(seed):
    random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)

mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)
print(f"mesh: {dict(mesh.shape)}")

# which mesh axis the per-image logits are collected over for the OOF file
GATHER_AXIS = mesh.axis_names[0]

n_patches = (CFG.img_size // CFG.patch) ** 2
patch_dim = CFG.patch * CFG.patch * 3


def patchify(img):
    b = img.shape[0]
    x = img.reshape(b, CFG.img_size // CFG.patch, CFG.patch, CFG.img_size // CFG.patch, CFG.patch, 3)
    return x.transpose(0, 1, 3, 2, 4, 5).reshape(b, n_patches, patch_dim)


def hflip(img):
    return img[:, :, ::-1, :]


def vit_head(tokens, w_embed, w_head):
    # w_embed columns split over tp, w_head rows split over tp (row-parallel head)
    h = jax.nn.gelu(tokens @ w_embed).mean(1)
    return jax.lax.psum(h @ w_head, "tp")


def inference_fn(img, w_embed, w_head):
    logits = 0.0
    for t in range(CFG.tta):
        view = img if t == 0 else hflip(img)
        logits = logits + vit_head(patchify(view), w_embed, w_head) / CFG.tta
    return jax.lax.all_gather(logits, GATHER_AXIS, axis=0, tiled=True, to="reduced")


def load_weights(fold):
    r = np.random.RandomState(fold)
    return (r.randn(patch_dim, CFG.dim).astype(np.float32) * 0.05,
            r.randn(CFG.dim, CFG.n_classes).astype(np.float32) * 0.05)


def inputs():
    images = np.random.rand(16, CFG.img_size, CFG.img_size, 3).astype(np.float32)
    labels = np.random.randint(0, CFG.n_classes, 16)
    return images, labels


def main(images, labels):
    fold_logits = []
    with jax.set_mesh(mesh):
        img = jax.device_put(images, NamedSharding(mesh, P("batch")))
        for fold in CFG.trn_fold:
            we, wh = load_weights(fold)
            we = jax.device_put(we, NamedSharding(mesh, P(None, "tp")))
            wh = jax.device_put(wh, NamedSharding(mesh, P("tp", None)))
            out = jax.shard_map(inference_fn, mesh=mesh,
                                in_specs=(P("batch"), P(None, "tp"), P("tp", None)),
                                out_specs=P(reduced={GATHER_AXIS}))(img, we, wh)
            fold_logits.append(np.asarray(out))
            acc = (fold_logits[-1].argmax(-1)[: len(labels)] == labels).mean()
            print(f"fold {fold}: acc {acc:.3f}")
    pred = np.mean(fold_logits, 0).argmax(-1)
    print({LABELS[k]: int((pred == k).sum()) for k in LABELS})
    return pred


if __name__ == "__main__":
    main(*inputs())
