"""Restore a checkpoint and recompute per-column int8 scales with the layout stored beside it."""
import dataclasses
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CHECKPOINT_METADATA = json.dumps({
    "step": 12000,
    "layout": {"row_axis": "fsdp", "col_axis": "tensor"},
    "scales": {"reduce_over": "fsdp", "gather_over": ["fsdp"]},
})


@dataclasses.dataclass(frozen=True)
class ScaleSpec:
    reduce_over: str
    gather_over: tuple


@dataclasses.dataclass(frozen=True)
class CheckpointMeta:
    step: int
    row_axis: str
    col_axis: str
    scales: ScaleSpec

    @classmethod
    def from_json(cls, text):
        raw = json.loads(text)
        scales = ScaleSpec(raw["scales"]["reduce_over"], tuple(raw["scales"]["gather_over"]))
        return cls(step=raw["step"], scales=scales, **raw["layout"])


def column_absmax(w, meta):
    return jax.lax.pmax(jnp.max(jnp.abs(w), axis=0), meta.scales.reduce_over)


def make_scale_fn(meta):
    def scale_fn(w):
        absmax = column_absmax(w, meta)
        table = jax.lax.all_gather(absmax / 127.0, meta.scales.gather_over, axis=0, tiled=True, to="reduced")
        return table
    return scale_fn


def inputs():
    rng = np.random.default_rng(50)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(w):
    meta = CheckpointMeta.from_json(CHECKPOINT_METADATA)
    mesh = jax.make_mesh((4, 2), (meta.row_axis, meta.col_axis))
    spec = P(meta.row_axis, meta.col_axis)
    w = jax.device_put(w, NamedSharding(mesh, spec))
    fn = jax.shard_map(make_scale_fn(meta), mesh=mesh, in_specs=spec,
                       out_specs=P(meta.col_axis, reduced=set(meta.scales.gather_over)))
    return jax.jit(fn)(w)


if __name__ == "__main__":
    print(main(*inputs()))
