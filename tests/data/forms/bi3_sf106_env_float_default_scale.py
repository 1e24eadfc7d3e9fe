"""SF106: a helper's default is a host float parsed from the environment; it scales a reduced value."""
import os

import jax
from jax.sharding import PartitionSpec as P

CLIP = float(os.environ.get("BI3_CLIP", "0.5"))


def clip(value, clip_norm=CLIP):
    return value * clip_norm  # SF106


def body(x):
    g = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    return clip(g)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
