"""asr_train.py-style recipe: the CTC loss sum is normalised over the axes the config names."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = """
model_conf:
  ctc_weight: 0.3
  length_normalized_loss: true
  sync_axes: data
parallel:
  mesh_shape: 2,4
  axes: data,model
"""

OVERRIDES = ["model_conf.ctc_weight=0.5", "model_conf.sync_axes=data,model"]

STAGES = {}


def stage(n):
    def register(fn):
        STAGES[n] = fn
        return fn
    return register


def parse_config(text):
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
            parent[key] = value.strip()
        else:
            parent[key] = {}
            stack.append((indent, parent[key]))
    return root


def apply_overrides(conf, overrides):
    for item in overrides:
        dotted, _, value = item.partition("=")
        *path, leaf = dotted.split(".")
        node = conf
        for key in path:
            node = node.setdefault(key, {})
        node[leaf] = value
    return conf


def build_mesh(conf):
    shape = tuple(int(s) for s in conf["mesh_shape"].split(","))
    return jax.make_mesh(shape, tuple(conf["axes"].split(",")))


def get_parser():
    parser = argparse.ArgumentParser(description="ASR training recipe")
    parser.add_argument("--stage", type=int, default=11)
    parser.add_argument("--stop_stage", type=int, default=11)
    return parser


def vocab_logsumexp(logits, axis):
    peak = jax.lax.pmax(logits.max(axis=-1, keepdims=True), axis)
    total = jax.lax.psum(jnp.exp(logits - peak).sum(axis=-1, keepdims=True), axis)
    return peak + jnp.log(total)


@stage(11)
def train(batch, conf, mesh):
    logits, targets = batch
    data, model = mesh.axis_names
    model_conf = conf["model_conf"]
    sync_axes = tuple(model_conf["sync_axes"].split(","))
    weight = float(model_conf["ctc_weight"])

    def body(z, onehot):
        target = jax.lax.psum((z * onehot).sum(axis=-1, keepdims=True), model)
        nll = vocab_logsumexp(z, model) - target
        loss_sum = weight * nll.sum()
        return jax.lax.psum(loss_sum, sync_axes) / z.shape[0]

    return jax.shard_map(body, mesh=mesh, in_specs=(P(data, model), P(data, model)),
                         out_specs=P())(logits, targets)


def inputs():
    rng = np.random.default_rng(4)
    logits = rng.standard_normal((8, 16)).astype(np.float32)
    targets = np.eye(16, dtype=np.float32)[rng.integers(0, 16, size=8)]
    return logits, targets


def main(logits, targets):
    args = get_parser().parse_args([])
    conf = apply_overrides(parse_config(CONFIG), OVERRIDES)
    mesh = build_mesh(conf["parallel"])
    sharding = NamedSharding(mesh, P(*mesh.axis_names))
    batch = (jax.device_put(logits, sharding), jax.device_put(targets, sharding))
    out = None
    for n in range(args.stage, args.stop_stage + 1):
        out = STAGES[n](batch, conf, mesh)
    return out


if __name__ == "__main__":
    print(main(*inputs()))
