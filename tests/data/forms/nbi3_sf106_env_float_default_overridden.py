"""Silent: the helper's host-float default is replaced by the caller with a value varying on the
gathered axis, and the gather is made varying before the product."""
import os

import jax
from jax.sharding import PartitionSpec as P

CLIP = float(os.environ.get("BI3_CLIP", "0.5"))


def clip(value, clip_norm=CLIP):
    return value * clip_norm  # none


def body(x):
    g = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    return clip(jax.lax.pcast(g, "j", to="varying"), x.sum())


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
