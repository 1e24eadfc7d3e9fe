"""Fractional anisotropy from diffusion-tensor eigenvalues gathered over voxel shards."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class DTIConfig:
    voxel_axis: str = "voxel"
    subject_axis: str = "subject"
    b_value: float = 1000.0


def gather_eigenvalues(evals, cfg):
    return jax.lax.all_gather(evals, cfg.voxel_axis, axis=1, tiled=True, to="reduced")


def fa_numerator(evals, cfg=DTIConfig()):
    ev = gather_eigenvalues(evals, cfg)
    md = ev.mean(axis=-1, keepdims=True)
    return ev - md


def inputs():
    rng = np.random.default_rng(65)
    return (rng.uniform(0.1e-3, 2e-3, size=(4, 64, 3)).astype(np.float32),)


def main(evals):
    cfg = DTIConfig()
    mesh = jax.make_mesh((2, 4), (cfg.subject_axis, cfg.voxel_axis))
    evals = jax.device_put(evals, NamedSharding(mesh, P(cfg.subject_axis, cfg.voxel_axis, None)))
    f = jax.shard_map(fa_numerator, mesh=mesh, in_specs=P(cfg.subject_axis, cfg.voxel_axis, None),
                      out_specs=P(cfg.subject_axis, None, None, reduced={cfg.voxel_axis}))
    return f(evals)


if __name__ == "__main__":
    main(*inputs())
