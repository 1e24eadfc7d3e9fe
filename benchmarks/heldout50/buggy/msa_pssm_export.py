"""Export a position-specific scoring matrix to a host-side profile HMM builder."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = json.loads("""
{
  "mesh": {"shape": [4, 2], "axes": ["seq", "col"]},
  "pssm_layout": [["seq", "col"], null],
  "export_layout": {"dims": ["col", null], "reduced": ["seq"]}
}
""")


def spec(dims, reduced=()):
    return P(*(tuple(d) if isinstance(d, list) else d for d in dims), reduced=set(reduced))


def build_pssm(counts, background=0.05):
    freqs = (counts + 1.0) / (counts.sum(axis=-1, keepdims=True) + 21.0)
    return jnp.log2(freqs / background)


def inputs():
    rng = np.random.default_rng(33)
    return (rng.integers(0, 30, size=(64, 21)).astype(np.float32),)


def main(counts, cfg=CONFIG):
    mesh = jax.make_mesh(tuple(cfg["mesh"]["shape"]), tuple(cfg["mesh"]["axes"]))
    pssm = build_pssm(counts)
    pssm = jax.device_put(pssm, NamedSharding(mesh, spec(cfg["pssm_layout"])))
    out = cfg["export_layout"]
    with jax.set_mesh(mesh):
        exported = top_level_all_gather(pssm, spec(out["dims"], out["reduced"]))
    return exported


if __name__ == "__main__":
    main(*inputs())
