"""Class-balance statistics for the card-transaction risk classifier (experiment txn-risk-v7).

Positive (chargeback) counts per feature column feed the positive-class weights of the weighted
BCE loss. The experiment config is the YAML-like block below plus command-line style overrides.
"""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERIMENT = """
name: txn-risk-v7
mesh:
  shape: 2,4
  axes: data,model
balance:
  smoothing: 1.0
  max_weight: 50.0
"""

OVERRIDES = ["balance.max_weight=25.0"]


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
class BalanceConfig:
    smoothing: float
    max_weight: float


@dataclasses.dataclass(frozen=True)
class ExperimentConfig:
    name: str
    mesh: MeshConfig
    balance: BalanceConfig


def load_experiment(text, overrides):
    tree = apply_overrides(parse_yaml(text), overrides)
    return ExperimentConfig(name=tree["name"], mesh=MeshConfig(**tree["mesh"]),
                            balance=BalanceConfig(**tree["balance"]))


# --- sharding utils -------------------------------------------------------------------------

def mesh_from(cfg):
    return jax.make_mesh(tuple(cfg.shape), tuple(cfg.axes))


def place(mesh, array, *dims):
    return jax.device_put(array, NamedSharding(mesh, P(*dims)))


# --- job ------------------------------------------------------------------------------------

def inputs():
    rng = np.random.default_rng(7)
    labels = (rng.random((64, 16)) < 0.08).astype(np.float32)
    return (labels,)


def main(labels):
    cfg = load_experiment(EXPERIMENT, OVERRIDES)
    mesh = mesh_from(cfg.mesh)
    data_axis, model_axis = cfg.mesh.axes
    labels = place(mesh, labels, data_axis, model_axis)

    def class_balance(y):
        positives = jnp.sum(y, axis=0, keepdims=True)
        positives = jax.lax.psum(positives, data_axis)
        return jax.lax.all_gather(positives, data_axis, axis=0, tiled=True, to="reduced")

    counts = jax.shard_map(class_balance, mesh=mesh, in_specs=P(data_axis, model_axis),
                           out_specs=P(None, model_axis, reduced={data_axis}))(labels)
    return counts


if __name__ == "__main__":
    main(*inputs())
