"""Export the classifier embedding of every cell to the atlas viewer. Cells are split over both
mesh axes during inference; the viewer reads them in row blocks by data shard.
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
from jax._src.shard_map import top_level_all_gather


@dataclass(frozen=True)
class ExportConfig:
    cell_spec: P = field(default_factory=lambda: P(("data", "model"), None))
    viewer_spec: P = field(default_factory=lambda: P("data", None))


def embed(x, w):
    return jnp.tanh(x @ w)


def main(x, w, cfg, export=ExportConfig()):
    mesh = make_mesh(cfg)
    with jax.set_mesh(mesh):
        x = shard_like(x, mesh, export.cell_spec)
        w = shard_like(w, mesh, P())
        emb = jax.jit(embed)(x, w)
        view = top_level_all_gather(emb, export.viewer_spec)
    print("embedding", view.shape, view.sharding.spec)
    return view


def inputs():
    cfg = Config()
    x, _ = simulate_atlas(cfg)
    return x, init_classifier(cfg), cfg


if __name__ == "__main__":
    main(*inputs())
