import functools

import jax
from jax.sharding import PartitionSpec as P


def collect(poses, axes):
    return jax.lax.all_gather(poses, axes, axis=0, tiled=True, to="reduced")  # none


PIPELINE = [
    ("per_row", functools.partial(collect, axes="j")),
    ("bank", functools.partial(collect, axes=("j", "i"))),
]


def first_stage(poses):
    _, stage = PIPELINE[0]
    return stage(poses)


def main(mesh, x):
    return jax.shard_map(first_stage, mesh=mesh, in_specs=P(("i", "j"), None),
                         out_specs=P("i", None, reduced={"j"}))(x)
