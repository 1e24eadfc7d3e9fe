"""launchers/contrastive/hard_negatives.py: hard-negative mining step.

The image embeddings are normalised per shard and made whole (to="reduced"); the miner
then collects the candidates of every embed shard for scoring.
"""
import os
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class MinerConfig:
    def __init__(self, **overrides):
        self.embed_axis = "embed"
        self.data_axis = "data"
        self.top = 2
        self.__dict__.update(overrides)


def mesh_from_lists():
    dcn_parallelism = [int(os.environ.get("NUM_SLICES", "1")), 1]
    ici_parallelism = [2, int(os.environ.get("ICI_EMBED", "4"))]
    shape = [d * i for d, i in zip(dcn_parallelism, ici_parallelism)]
    return Mesh(mesh_utils.create_device_mesh(shape), ("data", "embed"),
                axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def whole_embeddings(x, axis):
    return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")


def gather_candidates(emb, axis):
    return jax.lax.all_gather(emb, axis, axis=0, tiled=True, to="invarying")


def mine(cfg):
    def body(x):
        emb = whole_embeddings(x, cfg.embed_axis)
        cands = gather_candidates(emb, cfg.data_axis)
        return cands

    return body


def compile_miner(mesh, cfg):
    return jax.jit(jax.shard_map(mine(cfg), mesh=mesh,
                                 in_specs=P(cfg.data_axis, cfg.embed_axis),
                                 out_specs=P(None, None, reduced={cfg.embed_axis})))


def main(top):
    cfg = MinerConfig(top=top)
    mesh = mesh_from_lists()
    rng = np.random.default_rng(3)
    x = jax.make_array_from_process_local_data(
        NamedSharding(mesh, P(cfg.data_axis, cfg.embed_axis)),
        rng.standard_normal((8, 8)).astype(np.float32))
    t0 = time.time()
    with jax.set_mesh(mesh):
        cands = compile_miner(mesh, cfg)(x)
    if jax.process_index() == 0:
        print(f"mined {cands.shape} in {time.time() - t0:.2f}s (top {cfg.top})")
    return cands


def candidate_count(cands, cfg):
    if jax.process_index() != 0:
        return 0
    return int(cands.shape[0]) * cfg.top


def inputs():
    return (int(os.environ.get("TOP_K", "2")),)


if __name__ == "__main__":
    main(*inputs())
