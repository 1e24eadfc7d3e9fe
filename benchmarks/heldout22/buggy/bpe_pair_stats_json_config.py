"""Tokenizer training statistics: pair-frequency rows collected for the merge log, mesh from the JSON config."""
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TOKENIZER_JSON = """
{
  "model": "bpe",
  "vocab_size": 16,
  "mesh": {"axes": ["docs", "vocab"], "shape": [4, 2]},
  "log": {"gather_axes": ["docs", "vocab"], "row_axis": "vocab"}
}
"""


def load_config(text=TOKENIZER_JSON):
    return json.loads(text)


def pair_rows(freqs, row_axis):
    return jax.lax.all_gather(freqs, axis_name=row_axis, axis=1, tiled=True, to="reduced")


def merge_log(freqs, config):
    log = config["log"]
    rows = pair_rows(freqs, log["row_axis"])
    return jax.lax.all_gather(rows, axis_name=tuple(log["gather_axes"]), axis=0, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(73).poisson(2.0, size=(8, 16)).astype(np.float32),)


def main(freqs):
    config = load_config()
    axes = tuple(config["mesh"]["axes"])
    mesh = jax.make_mesh(tuple(config["mesh"]["shape"]), axes)
    freqs = jax.device_put(freqs, NamedSharding(mesh, P(*axes)))
    fn = jax.shard_map(lambda f: merge_log(f, config), mesh=mesh, in_specs=P(*axes),
                       out_specs=P(None, None, reduced=set(axes)))
    return fn(freqs)


if __name__ == "__main__":
    print(main(*inputs()))
