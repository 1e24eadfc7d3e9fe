"""Label transfer by nearest centroid: per-type centroids of the reference cells, collected into
the reference atlas that every query shard scores against.
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


class CentroidAtlas:
    def __init__(self, cfg):
        self.cfg = cfg

    def centroids(self, x, onehot):
        sums = jax.lax.psum(onehot.T @ x, self.cfg.data_axis)
        sizes = jax.lax.psum(onehot.sum(axis=0), self.cfg.data_axis)
        return sums / jnp.maximum(sizes, 1.0)[:, None]

    def atlas(self, x, onehot):
        return full_gather(self.centroids(x, onehot), self.cfg.data_axis)

    def __call__(self, x, onehot):
        return self.atlas(x, onehot)


def main(x, labels, cfg):
    mesh = make_mesh(cfg)
    d, m = cfg.data_axis, cfg.model_axis
    onehot = np.eye(cfg.n_types, dtype=np.float32)[labels]
    x = shard_like(x, mesh, P(d, m))
    onehot = shard_like(onehot, mesh, P(d, None))
    f = jax.shard_map(CentroidAtlas(cfg), mesh=mesh, in_specs=(P(d, m), P(d, None)),
                      out_specs=P(None, m, reduced={d}))
    atlas = f(x, onehot)
    print("atlas", atlas.shape)
    return atlas


def inputs():
    cfg = Config()
    x, labels = simulate_atlas(cfg)
    return x, labels, cfg


if __name__ == "__main__":
    main(*inputs())
