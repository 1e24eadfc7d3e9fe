"""Cassava - train a linear probe on frozen features, then export the weights for the
offline submission kernel (no internet: weights go through a Kaggle dataset).

Exported from `cassava-linear-probe-export.ipynb`.
"""
import random

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class CFG:
    seed = 5
    n_folds = 2
    feat_dim = 32
    n_classes = 5
    lr = 0.5
    steps = 5
    debug = False
    mesh_shape = (2, 4)
    axis_names = ("batch", "feat")
    export_name = "probe_v3"


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)

W_SPEC = P("feat", None)
FEATS = np.random.randn(64, CFG.feat_dim).astype(np.float32)
LABELS = np.random.randint(0, CFG.n_classes, 64)


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        logp = jax.nn.log_softmax(jnp.dot(x, w, out_sharding=P("batch", None)))
        return -jnp.take_along_axis(logp, y[:, None], axis=1).mean()
    l, g = jax.value_and_grad(loss_fn)(w)
    return w - CFG.lr * g, l


def export_weights(w, name):
    full = top_level_all_gather(w, P(None, None, reduced={"feat"}))
    arr = np.asarray(full)
    print(f"export {name}.npy: {arr.shape} |w|={np.abs(arr).mean():.4f}")
    return arr


def inputs():
    return FEATS, LABELS


def main(feats, labels):
    fold_w = []
    with jax.set_mesh(mesh):
        x = jax.device_put(feats, NamedSharding(mesh, P("batch", "feat")))
        y = jax.device_put(labels, NamedSharding(mesh, P("batch")))
        for fold in range(CFG.n_folds):
            w = jax.device_put(np.zeros((CFG.feat_dim, CFG.n_classes), np.float32),
                               NamedSharding(mesh, W_SPEC))
            for step in range(CFG.steps):
                w, loss = train_step(w, x, y)
            print(f"fold {fold}: loss {float(loss):.4f}")
            fold_w.append(w)

        # ---- export cell (run after training, still inside the mesh) ----
        exported = [export_weights(w, f"{CFG.export_name}_fold{i}") for i, w in enumerate(fold_w)]
    return exported


if __name__ == "__main__":
    main(*inputs())
