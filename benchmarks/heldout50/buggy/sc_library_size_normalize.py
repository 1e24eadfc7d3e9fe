"""Library-size normalisation stage of a scanpy-like single-cell preprocessing pipeline."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class PreprocessConfig:
    cell_axis: str = "cells"
    gene_axis: str = "genes"
    target_sum: float = 1e4


MESH = jax.make_mesh((4, 2), ("cells", "genes"))


class Stage:
    name = "stage"

    def __init__(self, cfg: PreprocessConfig):
        self.cfg = cfg

    def __call__(self, x):
        raise NotImplementedError


class LibrarySize(Stage):
    name = "library_size"

    def __call__(self, counts):
        per_cell = counts.sum(axis=1, keepdims=True)
        totals = jax.lax.psum(per_cell, self.cfg.gene_axis)
        return jax.lax.all_gather(totals, self.cfg.gene_axis, axis=1, tiled=True, to="reduced")


class Pipeline:
    def __init__(self, stages):
        self.stages = list(stages)

    def __call__(self, x):
        for stage in self.stages:
            x = stage(x)
        return x


def inputs():
    rng = np.random.default_rng(0)
    counts = rng.poisson(3.0, size=(32, 16)).astype(np.float32)
    return (counts,)


def main(counts):
    cfg = PreprocessConfig()
    counts = jax.device_put(counts, NamedSharding(MESH, P(cfg.cell_axis, cfg.gene_axis)))
    pipe = Pipeline([LibrarySize(cfg)])
    run = jax.shard_map(pipe, mesh=MESH, in_specs=P(cfg.cell_axis, cfg.gene_axis),
                        out_specs=P(cfg.cell_axis, None, reduced={cfg.gene_axis}))
    return run(counts)


if __name__ == "__main__":
    main(*inputs())
