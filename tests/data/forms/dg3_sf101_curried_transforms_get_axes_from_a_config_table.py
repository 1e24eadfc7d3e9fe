"""AlphaFold-style `@curry1` transforms: a call of the decorated name supplies every argument but
the first, and the pipeline later calls each transform with the feature dict, which the transform
changes in place. The config table an axis is read from is handed to the curried call, not to the
changed dict; the profile is a psum over 'i', then gathered to reduced over 'i'."""
import functools

import jax
from jax.sharding import PartitionSpec as P

CONFIG = {"common": {"seq_axis": "i", "layout": ("i", "j")}}


def curry1(f):
    def fc(*args, **kwargs):
        return lambda x: f(x, *args, **kwargs)

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
