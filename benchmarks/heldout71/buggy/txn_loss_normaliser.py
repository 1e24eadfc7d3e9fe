"""Loss normalisation for the txn-risk classifier: the weighted BCE is divided by the global
number of examples, summed over the axes the experiment names."""
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
loss:
  pos_weight: 12.0
  normalise_over: data
"""

OVERRIDES = ["loss.normalise_over=data,model", "loss.pos_weight=10.0"]


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
class LossConfig:
    pos_weight: float
    normalise_over: tuple


@dataclasses.dataclass(frozen=True)
class ExperimentConfig:
    name: str
    mesh: MeshConfig
    loss: LossConfig


def load_experiment(text, overrides):
    tree = apply_overrides(parse_yaml(text), overrides)
    loss = dict(tree["loss"])
    if isinstance(loss["normalise_over"], str):
        loss["normalise_over"] = (loss["normalise_over"],)
    return ExperimentConfig(name=tree["name"], mesh=MeshConfig(**tree["mesh"]), loss=LossConfig(**loss))


# --- sharding utils -------------------------------------------------------------------------

REDUCERS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def mesh_from(cfg):
    return jax.make_mesh(tuple(cfg.shape), tuple(cfg.axes))


def place(mesh, array, *dims):
    return jax.device_put(array, NamedSharding(mesh, P(*dims)))


# --- model ----------------------------------------------------------------------------------

class WeightedBCE:
    def __init__(self, cfg, model_axis):
        self.pos_weight = cfg.loss.pos_weight
        self.over = cfg.loss.normalise_over
        self.model_axis = model_axis

    def __call__(self, x, kernel, y):
        logits = jax.lax.psum(x @ kernel, self.model_axis)[:, 0]
        per_example = self.pos_weight * y * jax.nn.softplus(-logits) + (1 - y) * jax.nn.softplus(logits)
        total = REDUCERS["sum"](per_example.sum(), self.over)
        count = REDUCERS["sum"](jnp.float32(y.shape[0]), self.over)
        return total / count


def inputs():
    rng = np.random.default_rng(9)
    feats = rng.normal(size=(64, 32)).astype(np.float32)
    w = (rng.normal(size=(32, 1)) * 0.1).astype(np.float32)
    y = (rng.random(64) < 0.1).astype(np.float32)
    return feats, w, y


def main(feats, w, y):
    cfg = load_experiment(EXPERIMENT, OVERRIDES)
    mesh = mesh_from(cfg.mesh)
    data_axis, model_axis = cfg.mesh.axes
    feats = place(mesh, feats, data_axis, model_axis)
    w = place(mesh, w, model_axis, None)
    y = place(mesh, y, data_axis)
    loss_fn = WeightedBCE(cfg, model_axis)
    return jax.shard_map(loss_fn, mesh=mesh,
                         in_specs=(P(data_axis, model_axis), P(model_axis, None), P(data_axis)),
                         out_specs=P())(feats, w, y)


if __name__ == "__main__":
    main(*inputs())
