"""Feedback Prize ELL - MCRMSE loss with layer-wise LR decay, dp x mp mesh, train_fn only.

Exported from `fb3-llrd-mcrmse-train.ipynb`.
"""
import os
import random
import time

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class CFG:
    seed = 42
    debug = False
    epochs = 2
    n_fold = 2
    hidden = 16
    ffn = 32
    n_targets = 6
    lr = 2e-3
    llrd = 0.9
    batch_size = 16
    mesh_shape = (4, 2)
    axis_names = ("dp", "mp")


def seed_everything(seed=42):
    random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)
    np.random.seed(seed)


seed_everything(CFG.seed)
mesh = jax.make_mesh(CFG.mesh_shape, CFG.axis_names)


class AverageMeter:
    def __init__(self):
        self.sum, self.count = 0.0, 0

    def update(self, val, n=1):
        self.sum += val * n
        self.count += n

    @property
    def avg(self):
        return self.sum / max(self.count, 1)


def mlp(x, w_up, w_down):
    h = jax.nn.gelu(x @ w_up)
    return jax.lax.psum(h @ w_down, "mp")


def mcrmse(pred, y):
    # column-wise mean squared error, summed over the local rows
    return jnp.sum((pred - y) ** 2, axis=0)


def train_body(x, y, w_up, w_down):
    def loss_fn(w_up, w_down):
        se = mcrmse(mlp(x, w_up, w_down), y)
        se = jax.lax.psum(se, "dp")
        n = x.shape[0] * jax.lax.axis_size("dp")
        return jnp.mean(jnp.sqrt(se / n))
    loss, (g_up, g_down) = jax.value_and_grad(loss_fn, argnums=(0, 1))(w_up, w_down)
    return loss, w_up - CFG.lr * g_up, w_down - CFG.lr * CFG.llrd * g_down


def inputs():
    x = np.random.randn(64, CFG.hidden).astype(np.float32)
    y = np.random.uniform(1, 5, (64, CFG.n_targets)).astype(np.float32)
    return x, y


def main(x, y):
    r = np.random.RandomState(0)
    w_up = r.randn(CFG.hidden, CFG.ffn).astype(np.float32) * 0.1
    w_down = r.randn(CFG.ffn, CFG.n_targets).astype(np.float32) * 0.1
    step = jax.jit(jax.shard_map(train_body, mesh=mesh,
                                 in_specs=(P("dp"), P("dp"), P(None, "mp"), P("mp", None)),
                                 out_specs=(P(), P(None, "mp"), P("mp", None))))
    with jax.set_mesh(mesh):
        wu = jax.device_put(w_up, NamedSharding(mesh, P(None, "mp")))
        wd = jax.device_put(w_down, NamedSharding(mesh, P("mp", None)))
        for epoch in range(CFG.epochs):
            meter = AverageMeter()
            t0 = time.time()
            for i in range(0, len(x), CFG.batch_size):
                xb = jax.device_put(x[i:i + CFG.batch_size], NamedSharding(mesh, P("dp")))
                yb = jax.device_put(y[i:i + CFG.batch_size], NamedSharding(mesh, P("dp")))
                loss, wu, wd = step(xb, yb, wu, wd)
                meter.update(float(loss), CFG.batch_size)
            print(f"Epoch {epoch + 1} - avg_train_loss: {meter.avg:.4f}  time: {time.time() - t0:.0f}s")
    return meter.avg


if __name__ == "__main__":
    main(*inputs())
