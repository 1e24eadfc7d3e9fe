"""asr_train.py-style recipe: stage 11 trains the model; the clip statistic is synced by name."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = """
optim: adam
optim_conf:
  lr: 0.002
grad_clip: 5.0
grad_clip_conf:
  reduce: sum
  axis: data
parallel:
  mesh_shape: 2,4
  axes: data,model
"""

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

REDUCE_OPS = {"sum": jax.lax.psum, "max": jax.lax.pmax, "mean": jax.lax.pmean}


def get_parser():
    parser = argparse.ArgumentParser(description="ASR training recipe")
    parser.add_argument("--stage", type=int, default=11)
    parser.add_argument("--stop_stage", type=int, default=11)
    return parser


def unshard_params(w, axis):
    return jax.lax.all_gather(w, axis, axis=0, tiled=True, to="reduced")


def global_norm(grad, clip_conf):
    sq = jnp.sum(grad * grad)
    return REDUCE_OPS[clip_conf["reduce"]](sq, clip_conf["axis"])


@stage(11)
def train(weights, conf, mesh):
    data, model = mesh.axis_names
    clip = float(conf["grad_clip"])

    def body(w):
        full = unshard_params(w, data)
        norm = jnp.sqrt(global_norm(full, conf["grad_clip_conf"]))
        return w * jnp.minimum(1.0, clip / (norm + 1e-6))

    return jax.shard_map(body, mesh=mesh, in_specs=P(data, model), out_specs=P(data, model))(weights)


def inputs():
    rng = np.random.default_rng(2)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(weights):
    args = get_parser().parse_args([])
    conf = parse_config(CONFIG)
    mesh = build_mesh(conf["parallel"])
    weights = jax.device_put(weights, NamedSharding(mesh, P(*mesh.axis_names)))
    out = None
    for n in range(args.stage, args.stop_stage + 1):
        out = STAGES[n](weights, conf, mesh)
    return out


if __name__ == "__main__":
    print(main(*inputs()))
