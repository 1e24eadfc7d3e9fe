"""The same pipeline under a decorator that supplies the call's arguments FIRST: `make_profile(common)`
hands the config table to the parameter the transform changes in place, so the table's axis is
'j' by the time `make_rows` reads it, and the gather over 'j' of a value psummed over 'i' is
correct code."""
import functools

import jax
from jax.sharding import PartitionSpec as P

CONFIG = {"common": {"seq_axis": "i", "layout": ("i", "j")}}


def curry_last(f):
    def fc(*args, **kwargs):
        return lambda x: f(*args, x, **kwargs)

    return fc


@curry_last
def make_profile(common, protein):
    protein["profile"] = jax.lax.psum(protein["msa"], common["seq_axis"])
    common["seq_axis"] = "j"
    return protein


@curry_last
def make_rows(common, protein):
    protein["rows"] = jax.lax.all_gather(protein["profile"], common["seq_axis"], axis=1, tiled=True, to="reduced")
    return protein


def run_pipeline(transforms, protein):
    for transform in transforms:
        protein = transform(protein)
    return protein["rows"]


def main(mesh, x):
    common = CONFIG["common"]
    transforms = [make_profile(common), make_rows(common)]
    fn = jax.shard_map(functools.partial(run_pipeline, transforms), mesh=mesh,
                       in_specs=({"msa": P(*common["layout"])},), out_specs=P(None, None, reduced={"j"}))
    return fn({"msa": x})
