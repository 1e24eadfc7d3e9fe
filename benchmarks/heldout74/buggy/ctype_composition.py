"""Predicted cell-type composition of a sample: the class probabilities of all cells are
collected, and their column sums give the composition.
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


def predict_proba(x, w, model_axis):
    logits = jax.lax.psum(x @ w, model_axis)
    return jax.nn.softmax(logits, axis=-1)


def composition(x, w, *, cfg):
    probs = predict_proba(x, w, cfg.model_axis)
    probs_all = full_gather(probs, cfg.data_axis)
    counts = jax.lax.psum(probs_all.sum(axis=0), cfg.data_axis)
    return probs_all, counts


def main(x, w, cfg):
    mesh = make_mesh(cfg)
    d, m = cfg.data_axis, cfg.model_axis
    x = shard_like(x, mesh, P(d, m))
    w = shard_like(w, mesh, P(m, None))
    probs, counts = jax.shard_map(functools.partial(composition, cfg=cfg), mesh=mesh,
                                  in_specs=(P(d, m), P(m, None)),
                                  out_specs=(P(None, None, reduced={d}), P()))(x, w)
    print("composition", np.asarray(counts) / cfg.n_cells)
    return counts


def inputs():
    cfg = Config()
    x, _ = simulate_atlas(cfg)
    return x, init_classifier(cfg), cfg


if __name__ == "__main__":
    main(*inputs())
