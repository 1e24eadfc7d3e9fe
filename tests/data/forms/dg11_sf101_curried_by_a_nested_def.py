"""`@curry1` written with a nested def instead of a lambda: a call of the decorated name still
supplies every argument but the first, so the config table an axis is read from is not the dict
each transform changes in place; the profile is a psum over 'i', then gathered to reduced over 'i'."""
import functools

import jax
from jax.sharding import PartitionSpec as P

CONFIG = {"common": {"seq_axis": "i", "layout": ("i", "j")}}


def curry1(f):
    def fc(*args, **kwargs):
        def transform(x):
            return f(x, *args, **kwargs)

        return transform

    return fc


@curry1
def make_profile(protein, axis):
    protein["profile"] = jax.lax.psum(protein["msa"], axis)
    return protein


@curry1
def make_rows(protein, axis):
    protein["rows"] = jax.lax.all_gather(protein["profile"], axis, axis=0, tiled=True, to="reduced")  # SF101
    return protein


def run_pipeline(transforms, protein):
    for transform in transforms:
        protein = transform(protein)
    return protein["rows"]


def main(mesh, x):
    common = CONFIG["common"]
    transforms = [make_profile(common["seq_axis"]), make_rows(common["seq_axis"])]
    fn = jax.shard_map(functools.partial(run_pipeline, transforms), mesh=mesh,
                       in_specs=({"msa": P(*common["layout"])},), out_specs=P(None, "j", reduced={"i"}))
    return fn({"msa": x})
