"""Consolidate an FSDP x tensor-parallel checkpoint into whole arrays, one gather stage at a time."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class ConsolidationPlan:
    # (gathered axes, array dimension) per stage, applied in order.
    stages: list = dataclasses.field(default_factory=lambda: [(("tensor",), 1), (("fsdp", "tensor"), 0)])


def gather_stage(x, stage):
    axes, dim = stage
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


def make_consolidate(plan):
    def consolidate(params):
        return {name: functools.reduce(gather_stage, plan.stages, value)
                for name, value in params.items()}
    return consolidate


def inputs():
    rng = np.random.default_rng(51)
    return ({"processor/w": rng.normal(size=(8, 8)).astype(np.float32),
             "decoder/w": rng.normal(size=(8, 8)).astype(np.float32)},)


def main(params):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    spec = P("fsdp", "tensor")
    params = {k: jax.device_put(v, NamedSharding(mesh, spec)) for k, v in params.items()}
    plan = ConsolidationPlan()
    out = P(None, None, reduced={"fsdp", "tensor"})
    fn = jax.shard_map(make_consolidate(plan), mesh=mesh, in_specs=({k: spec for k in params},),
                       out_specs={k: out for k in params})
    return jax.jit(fn)(params)


if __name__ == "__main__":
    print({k: v.shape for k, v in main(*inputs()).items()})
