"""Dump of per-transaction risk features and scores for the analysts' notebook.

The dump step re-lays the feature block out as the notebook reader expects; the layouts are
strings in the experiment config ("-" for an unsplit dimension).
"""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERIMENT = """
name: txn-risk-v7
mesh:
  shape: 2,4
  axes: data,model
dump:
  train_layout: data,model
  reader_layout: model,-
"""

OVERRIDES = []


# --- config ---------------------------------------------------------------------------------

def _scalar(text):
    if "," in text:
        return tuple(_scalar(part.strip()) for part in text.split(","))
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def parse_yaml(text):
    root = {}
    stack = [(-1, root)]
    for raw in text.splitlines():
        if not raw.strip():
            continue
        indent = len(raw) - len(raw.lstrip())
        key, _, value = raw.strip().partition(":")
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if value.strip():
            parent[key] = _scalar(value.strip())
        else:
            parent[key] = {}
            stack.append((indent, parent[key]))
    return root


def apply_overrides(tree, overrides):
    for item in overrides:
        path, _, value = item.partition("=")
        *parents, leaf = path.split(".")
        node = tree
        for name in parents:
            node = node[name]
        node[leaf] = _scalar(value)
    return tree


@dataclasses.dataclass(frozen=True)
class MeshConfig:
    shape: tuple
    axes: tuple


@dataclasses.dataclass(frozen=True)
class DumpConfig:
    train_layout: tuple
    reader_layout: tuple


@dataclasses.dataclass(frozen=True)
class ExperimentConfig:
    name: str
    mesh: MeshConfig
    dump: DumpConfig


def load_experiment(text, overrides):
    tree = apply_overrides(parse_yaml(text), overrides)
    return ExperimentConfig(name=tree["name"], mesh=MeshConfig(**tree["mesh"]),
                            dump=DumpConfig(**tree["dump"]))


# --- sharding utils -------------------------------------------------------------------------

def mesh_from(cfg):
    return jax.make_mesh(tuple(cfg.shape), tuple(cfg.axes))


def spec_from(layout):
    return P(*(None if dim == "-" else dim for dim in layout))


def place(mesh, array, layout):
    return jax.device_put(array, NamedSharding(mesh, spec_from(layout)))


# --- job ------------------------------------------------------------------------------------

def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(size=(64, 8)).astype(np.float32),)


def dump_for_reader(features, cfg):
    return jax.reshard(features, spec_from(cfg.dump.reader_layout))


def main(features):
    cfg = load_experiment(EXPERIMENT, OVERRIDES)
    mesh = mesh_from(cfg.mesh)
    features = place(mesh, features, cfg.dump.train_layout)
    with jax.set_mesh(mesh):
        dumped = dump_for_reader(features, cfg)
    return dumped


if __name__ == "__main__":
    main(*inputs())
