"""Probabilities for the lineage tree: the class columns are collected first, then the whole
(cell x type) table, which the tree-consistency pass reads on every device.
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


def lineage_table(x, w, *, cfg, stages):
    table = x @ w
    for axes, dim in stages:
        table = full_gather(table, axes, dim=dim)
    return table


def main(x, w, cfg):
    mesh = make_mesh(cfg)
    d, m = cfg.data_axis, cfg.model_axis
    stages = [(m, 1), (d, 0)]
    x = shard_like(x, mesh, P(d, None))
    w = shard_like(w, mesh, P(None, m))
    table = jax.shard_map(functools.partial(lineage_table, cfg=cfg, stages=stages), mesh=mesh,
                          in_specs=(P(d, None), P(None, m)),
                          out_specs=P(None, None, reduced={d, m}))(x, w)
    print("lineage table", table.shape)
    return table


def inputs():
    cfg = Config()
    x, _ = simulate_atlas(cfg)
    return x, init_classifier(cfg), cfg


if __name__ == "__main__":
    main(*inputs())
