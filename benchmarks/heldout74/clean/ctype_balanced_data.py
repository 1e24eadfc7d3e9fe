"""Class-balanced cross-entropy for rare cell types, averaged over the configured loss axes.
"""
import dataclasses
import functools
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class Config:
    data_axis: str = "data"
    model_axis: str = "model"
    mesh_shape: tuple = (4, 2)
    n_cells: int = 32
    n_genes: int = 16
    n_types: int = 8
    seed: int = 0
    label_smoothing: float = 0.1
    loss_axes: tuple = ("data",)


# ----------------------------------------------------------------------------
# utils -- same block as in the other ctype_* scripts
# ----------------------------------------------------------------------------
def make_mesh(cfg):
    return jax.make_mesh(cfg.mesh_shape, (cfg.data_axis, cfg.model_axis))


def simulate_atlas(cfg):
    rng = np.random.default_rng(cfg.seed)
    labels = rng.integers(0, cfg.n_types, size=cfg.n_cells)
    profiles = rng.gamma(1.0, 1.0, size=(cfg.n_types, cfg.n_genes))
    x = rng.poisson(profiles[labels] * 3.0).astype(np.float32)
    return np.log1p(x), labels.astype(np.int32)


def init_classifier(cfg):
    rng = np.random.default_rng(cfg.seed + 11)
    return (rng.normal(size=(cfg.n_genes, cfg.n_types)) * 0.1).astype(np.float32)


def shard_like(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def full_gather(x, axis_name, dim=0, to="reduced"):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to=to)
# ----------------------------------------------------------------------------


def class_weights(onehot, data_axis):
    counts = jax.lax.psum(onehot.sum(axis=0), data_axis)
    return counts.sum() / jnp.maximum(counts, 1.0) / counts.shape[0]


def balanced_loss(x, w, onehot, *, cfg):
    logits = jax.lax.psum(x @ w, cfg.model_axis)
    nll = -(onehot * jax.nn.log_softmax(logits, axis=-1)).sum(axis=-1)
    weights = onehot @ class_weights(onehot, cfg.data_axis)
    return jax.lax.pmean((weights * nll).mean(), cfg.loss_axes)


def main(x, labels, w, cfg):
    mesh = make_mesh(cfg)
    d, m = cfg.data_axis, cfg.model_axis
    onehot = np.eye(cfg.n_types, dtype=np.float32)[labels]
    x = shard_like(x, mesh, P(d, m))
    w = shard_like(w, mesh, P(m, None))
    onehot = shard_like(onehot, mesh, P(d, None))
    loss = jax.shard_map(functools.partial(balanced_loss, cfg=cfg), mesh=mesh,
                         in_specs=(P(d, m), P(m, None), P(d, None)), out_specs=P())(x, w, onehot)
    print("balanced loss", float(loss))
    return loss


def inputs():
    cfg = Config()
    x, labels = simulate_atlas(cfg)
    return x, labels, init_classifier(cfg), cfg


if __name__ == "__main__":
    main(*inputs())
