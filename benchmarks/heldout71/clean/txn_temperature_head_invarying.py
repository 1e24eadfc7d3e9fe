"""Scoring head of the txn-risk classifier with batch-level temperature scaling.

The whole global batch of logits is gathered (replicated) so that the head sees every score of the
batch; the temperature comes from the experiment config.
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
head:
  temperature: 1.7
"""

OVERRIDES = ["head.temperature=1.3"]


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
class HeadConfig:
    temperature: float


@dataclasses.dataclass(frozen=True)
class ExperimentConfig:
    name: str
    mesh: MeshConfig
    head: HeadConfig


def load_experiment(text, overrides):
    tree = apply_overrides(parse_yaml(text), overrides)
    return ExperimentConfig(name=tree["name"], mesh=MeshConfig(**tree["mesh"]),
                            head=HeadConfig(**tree["head"]))


# --- sharding utils -------------------------------------------------------------------------

def mesh_from(cfg):
    return jax.make_mesh(tuple(cfg.shape), tuple(cfg.axes))


def place(mesh, array, *dims):
    return jax.device_put(array, NamedSharding(mesh, P(*dims)))


def batch_view(x, axis):
    return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="invarying")


# --- model ----------------------------------------------------------------------------------

class CalibratedHead:
    def __init__(self, cfg):
        self.temperature = cfg.head.temperature
        self.data_axis, self.model_axis = cfg.mesh.axes

    def __call__(self, x, kernel):
        logits = jax.lax.psum(x @ kernel, self.model_axis)
        batch_logits = batch_view(logits, self.data_axis)
        return jax.nn.sigmoid(batch_logits / self.temperature)


def inputs():
    rng = np.random.default_rng(21)
    feats = rng.normal(size=(64, 32)).astype(np.float32)
    w = (rng.normal(size=(32, 1)) * 0.1).astype(np.float32)
    return feats, w


def main(feats, w):
    cfg = load_experiment(EXPERIMENT, OVERRIDES)
    mesh = mesh_from(cfg.mesh)
    data_axis, model_axis = cfg.mesh.axes
    feats = place(mesh, feats, data_axis, model_axis)
    w = place(mesh, w, model_axis, None)
    head = CalibratedHead(cfg)
    return jax.shard_map(head, mesh=mesh, in_specs=(P(data_axis, model_axis), P(model_axis, None)),
                         out_specs=P())(feats, w)


if __name__ == "__main__":
    main(*inputs())
