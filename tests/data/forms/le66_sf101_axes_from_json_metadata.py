"""Checkpoint metadata kept as JSON text and parsed back: the gather axis it names is the one the
psum just summed over, so the reduced gather's input is invariant there."""
import json

import jax
from jax.sharding import PartitionSpec as P

METADATA = json.dumps({"step": 3, "layout": {"rows": "i", "cols": "j"}, "gather_over": ["i"]})


def make_fn(text):
    meta = json.loads(text)

    def fn(x):
        total = jax.lax.psum(x, meta["layout"]["rows"])
        return jax.lax.all_gather(total, tuple(meta["gather_over"]), tiled=True, to="reduced")  # SF101
    return fn


def main(mesh, x):
    return jax.shard_map(make_fn(METADATA), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
