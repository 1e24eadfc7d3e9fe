"""Checkpoint export: re-lay the risk model's parameters out for the serving mesh.

Each parameter is gathered from its training layout into its serving layout; both layouts are
tables keyed by parameter name.
"""
import dataclasses

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EXPORT_STEPS = {}


def export_step(name):
    def register(fn):
        EXPORT_STEPS[name] = fn
        return fn
    return register


@dataclasses.dataclass(frozen=True)
class ExportConfig:
    mesh_shape: tuple = (4, 2)
    mesh_axes: tuple = ("fsdp", "tp")
    steps: tuple = ()
    options: dict = dataclasses.field(default_factory=dict)

    @classmethod
    def from_overrides(cls, overrides):
        kwargs = {}
        for item in overrides:
            key, _, value = item.partition("=")
            kwargs[key] = tuple(value.split(",")) if key in ("steps", "mesh_axes") else value
        return cls(**kwargs)

TRAIN_LAYOUT = {
    "dense/kernel": P("fsdp", "tp"),
    "dense/bias": P("tp"),
    "head/kernel": P("fsdp", None),
}

SERVE_LAYOUT = {
    "dense/kernel": P(None, "tp", reduced={"fsdp"}),
    "dense/bias": P("tp"),
    "head/kernel": P("tp", None, reduced={"fsdp"}),
}


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(cfg):
    return jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)


def place_tree(mesh, params, layout):
    return {k: jax.device_put(v, NamedSharding(mesh, layout[k])) for k, v in params.items()}


@export_step("relayout")
def relayout(params):
    return {name: top_level_all_gather(value, SERVE_LAYOUT[name]) for name, value in params.items()}


def inputs():
    rng = np.random.default_rng(43)
    return ({
        "dense/kernel": rng.normal(size=(32, 16)).astype(np.float32),
        "dense/bias": np.zeros(16, np.float32),
        "head/kernel": rng.normal(size=(16, 8)).astype(np.float32),
    },)


def main(params):
    cfg = ExportConfig(steps=("relayout",))
    mesh = make_mesh(cfg)
    params = place_tree(mesh, params, TRAIN_LAYOUT)
    with jax.set_mesh(mesh):
        for name in cfg.steps:
            params = EXPORT_STEPS[name](params)
    return params


if __name__ == "__main__":
    main(*inputs())
