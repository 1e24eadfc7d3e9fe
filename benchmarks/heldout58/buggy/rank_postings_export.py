"""Impact-score postings re-laid out for query serving, layouts read from a JSON config."""
import json

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

INDEX_CONFIG = json.loads("""
{
  "mesh": {"shape": [2, 4], "axes": ["docs", "terms"]},
  "layouts": {
    "build": [["docs", "terms"], null],
    "serve": ["terms", null]
  }
}
""")


def spec_from(entries):
    return P(*(tuple(e) if isinstance(e, list) else e for e in entries))


MESH = jax.make_mesh(tuple(INDEX_CONFIG["mesh"]["shape"]), tuple(INDEX_CONFIG["mesh"]["axes"]))


def build_postings(n_docs=16, n_terms=8):
    rng = np.random.default_rng(63)
    impacts = rng.integers(0, 255, size=(n_docs, n_terms)).astype(np.float32)
    return jax.device_put(impacts, NamedSharding(MESH, spec_from(INDEX_CONFIG["layouts"]["build"])))


def inputs():
    return (build_postings(),)


def main(impacts):
    serve = spec_from(INDEX_CONFIG["layouts"]["serve"])
    with jax.set_mesh(MESH):
        return top_level_all_gather(impacts, serve)


if __name__ == "__main__":
    main(*inputs())
